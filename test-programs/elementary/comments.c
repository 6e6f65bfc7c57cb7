#include "wend_twin.h"
int main(void) {
    int32_t x = 0;
    x = 1;
    pintln(x);
    pintln(2 + 3);
    PSTRLN("after");
    pintln(wdiv(4, 2, 17));
    return 0;
}
