#include "wend_twin.h"
static int32_t secret, hits; /* main's locals (single activation) */
static void inner(void) {
    secret = wadd(secret, 7);
    hits = wadd(hits, 1);
}
static void middle(void) {
    inner();
    inner();
}
static void outer(void) { middle(); }
static void h(int32_t *local) {
    *local = wadd(*local, 1);
    secret = wmul(secret, 2);
}
static void g(int32_t *local) { h(local); }
static void f(void) {
    int32_t local = 0;
    g(&local);
    g(&local);
    PSTR("f local = ");
    pintln(local);
}
static void chainC(void) { hits = wadd(hits, 100); }
static void chainB(void) { chainC(); }
static void chainA(void) { chainB(); }
int main(void) {
    outer();
    pintln(secret);
    f();
    pintln(secret);
    chainA();
    pintln(hits);
    outer();
    f();
    pintln(secret);
    pintln(hits);
    return 0;
}
