#include "wend_twin.h"
int main(void) {
    int32_t a = 0, b = 0;
    a = 7;
    b = 3;
    pintln(wmod(a, b, 7));
    b = wsub(b, 3);
    pintln(wmod(a, b, 9));
    PSTRLN("not reached");
    return 0;
}
