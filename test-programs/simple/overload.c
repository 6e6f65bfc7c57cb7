#include "wend_twin.h"
static void show_i(int32_t x) { PSTR("int:"); pintln(x); }
static void show_b(bool b) { PSTR("bool:"); pboolln(b); }
static void show_ii(int32_t x, int32_t y) { PSTR("int,int:"); pint(x); PSTR(","); pintln(y); }
static void show_ib(int32_t x, bool y) { PSTR("int,bool:"); pint(x); PSTR(","); pboolln(y); }
static void show_bi(bool x, int32_t y) { PSTR("bool,int:"); pbool(x); PSTR(","); pintln(y); }
static void show_bb(bool x, bool y) { PSTR("bool,bool:"); pbool(x); PSTR(","); pboolln(y); }
static void show_(void) { PSTRLN("nothing"); }
static int32_t twice_i(int32_t x) { return wmul(x, 2); }
static bool twice_b(bool b) { return !b; }
static int32_t pick_iii(int32_t a, int32_t b, int32_t c) { (void)a; (void)c; return b; }
static bool pick_bb(bool a, bool b) { (void)b; return a; }
int main(void) {
    show_i(1);
    show_b(true);
    show_ii(1, 2);
    show_ib(3, false);
    show_bi(true, 4);
    show_bb(false, true);
    show_();
    show_i(twice_i(21));
    show_b(twice_b(false));
    show_b(1 < 2);
    show_i(wadd(1, 2));
    show_ib(twice_i(3), twice_b(true));
    show_ib(pick_iii(1, 2, 3), pick_bb(true, false));
    { int32_t a = twice_i(1), b = twice_i(2), c = twice_i(3); show_i(pick_iii(a, b, c)); }
    return 0;
}
