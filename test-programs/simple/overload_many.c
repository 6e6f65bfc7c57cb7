#include "wend_twin.h"
/* main's set: f_<parameter types> */
static int32_t f_(void) { return 0; }
static int32_t f_i(int32_t a) { (void)a; return 1; }
static int32_t f_b(bool a) { (void)a; return 2; }
static int32_t f_ii(int32_t a, int32_t b) { (void)a; (void)b; return 3; }
static int32_t f_ib(int32_t a, bool b) { (void)a; (void)b; return 4; }
static int32_t f_bi(bool a, int32_t b) { (void)a; (void)b; return 5; }
static int32_t f_iii(int32_t a, int32_t b, int32_t c) { (void)a; (void)b; (void)c; return 7; }
static int32_t f_ibi(int32_t a, bool b, int32_t c) { (void)a; (void)b; (void)c; return 9; }
static int32_t f_bbb(bool a, bool b, bool c) { (void)a; (void)b; (void)c; return 10; }
/* g's set: g_f_<parameter types> */
static int32_t g_f_i(int32_t a) { return wadd(100, a); }
static int32_t g_f_ii(int32_t a, int32_t b) { return wadd(wadd(200, a), b); }
static int32_t g_f_bbi(bool a, bool b, int32_t c) { (void)a; (void)b; return wadd(300, c); }
static int32_t g_f_iiii(int32_t a, int32_t b, int32_t c, int32_t d) { (void)a; (void)b; (void)c; return wadd(400, d); }
static int32_t g_f_bbbb(bool a, bool b, bool c, bool d) { (void)a; (void)b; (void)c; (void)d; return 1000; }
static int32_t g(int32_t n) {
    pintln(g_f_i(n));
    pintln(g_f_ii(n, 2));
    pintln(g_f_bbi(true, false, n));
    pintln(g_f_iiii(1, 2, 3, n));
    pintln(g_f_bbbb(true, true, true, true));
    pintln(f_());
    pintln(f_b(true));
    pintln(f_ib(n, true));
    pintln(f_bbb(true, true, true));
    return f_iii(n, n, n);
}
int main(void) {
    pintln(f_ibi(1, false, 3));
    pintln(f_bi(false, 1));
    { int32_t r = g(5); pintln(r); }
    (void)f_i; (void)f_ii;
    return 0;
}
