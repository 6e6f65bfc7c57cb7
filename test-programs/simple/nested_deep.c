#include "wend_twin.h"
/* each nested function receives pointers to the outer variables it touches */
static int32_t a; /* main's a: main has a single activation */
static void level4(int32_t *b, int32_t *c, int32_t *d) {
    a = wadd(a, 1);
    *b = wadd(*b, 10);
    *c = wadd(*c, 100);
    *d = wadd(*d, 1000);
    PSTR("level4: ");
    pint(wadd(wadd(wadd(a, *b), *c), *d));
    PSTR(" ");
    pint(a);
    PSTR(" ");
    pint(*b);
    PSTR(" ");
    pint(*c);
    PSTR(" ");
    pintln(*d);
}
static void level3(int32_t *b, int32_t *c) {
    int32_t d = 0;
    level4(b, c, &d);
    level4(b, c, &d);
    d = wadd(d, 5000);
    level4(b, c, &d);
    PSTR("level3 d = ");
    pintln(d);
}
static void level2(int32_t *b) {
    int32_t c = 0;
    c = 1;
    level3(b, &c);
    level3(b, &c);
    PSTR("level2 c = ");
    pintln(c);
}
static int32_t readAll(int32_t *b) { return wadd(wmul(a, 10000), *b); }
static void level1(void) {
    int32_t b = 0;
    level2(&b);
    PSTR("level1 b = ");
    pintln(b);
    pintln(readAll(&b));
}
int main(void) {
    a = 100;
    level1();
    level1();
    PSTR("main a = ");
    pintln(a);
    return 0;
}
