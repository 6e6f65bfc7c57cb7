#include "wend_twin.h"
int main(void) {
    int32_t x = 0;
    x = 5;
    if (x > 3) PSTRLN("x > 3");
    if (x > 10) PSTRLN("x > 10");
    if (x > 10) PSTRLN("big"); else PSTRLN("small");
    if (x == 5) PSTRLN("five"); else PSTRLN("not five");
    if (x == 5) PSTRLN("parenthesised condition");
    if (x < 0) PSTRLN("negative"); else { if (x == 0) PSTRLN("zero"); else PSTRLN("positive"); }
    if (true) { if (false) PSTRLN("no"); else PSTRLN("nested else"); }
    if (x > 0 && x < 10) PSTRLN("digit");
    if (x < 0 || x > 4) PSTRLN("outside 0..4");
    if (!(x == 5)) PSTRLN("wrong"); else PSTRLN("!x == 5 is false");
    x = 0;
    if (x == 0) x = 1; else x = 2;
    pintln(x);
    if (x == 0) x = 1; else x = 2;
    pintln(x);
    if (false) PSTRLN("not printed");
    PSTRLN("done");
    return 0;
}
