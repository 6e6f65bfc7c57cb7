#include "wend_twin.h"
int main(void) {
    pint(0);
    PSTRLN("");
    pintln(1);
    pintln(42);
    pintln(2147483647);
    pintln(-1);
    pintln(-42);
    pintln(-2147483647);
    pintln(WEND_INT_MIN);
    pint(1);
    pint(2);
    pint(3);
    pintln(4);
    pint(-7);
    PSTR(" ");
    pintln(7);
    pintln(1000000);
    pint(10); pint(-10); pintln(0);
    return 0;
}
