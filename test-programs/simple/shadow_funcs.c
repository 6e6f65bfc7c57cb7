#include "wend_twin.h"
static int32_t val_main(void) { return 1; }
static int32_t twice_main(int32_t x) { return wmul(2, x); }
static void who_main(void) { PSTRLN("outer who"); }
static void who_a(void) { PSTRLN("inner who (in a)"); }
static int32_t val_a(void) { return 2; }
static void b(void) {
    who_main();
    pintln(val_main());
}
static void a(void) {
    who_a();
    pintln(val_a());
    b();
}
static int32_t twice_c(bool x) {
    if (x) return 100;
    return 0;
}
static void c(void) {
    pintln(twice_main(5));
    pintln(twice_c(true));
}
static int32_t val_d(void) { return 3; }
static void e(void) { pintln(val_d()); }
static void d(void) { e(); }
static int32_t g_inner(int32_t n) {
    if (n <= 0) return 1000;
    return wadd(g_inner(wsub(n, 1)), 1);
}
static int32_t g_outer(int32_t n) { return g_inner(n); }
int main(void) {
    who_main();
    pintln(val_main());
    a();
    b();
    c();
    d();
    pintln(g_outer(5));
    return 0;
}
