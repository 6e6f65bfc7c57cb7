#include "wend_twin.h"
static int32_t n;
static void show(int32_t x) {
    if (x < 0) {
        PSTRLN("negative, early return");
        return;
    }
    pintln(x);
}
static void countdown(int32_t x) {
    while (true) {
        pint(x);
        PSTR(" ");
        if (x == 0) {
            PSTRLN("liftoff");
            return;
        }
        x = wsub(x, 1);
    }
}
static void nothing(void) { return; }
static void noReturn(void) { n = wadd(n, 1); }
int main(void) {
    show(5);
    show(-5);
    countdown(3);
    nothing();
    noReturn();
    noReturn();
    pintln(n);
    if (n == 2) {
        PSTRLN("returning from main");
        return 0;
    }
    PSTRLN("not reached");
    return 0;
}
