#include "wend_twin.h"
static void addA(int32_t *total, int32_t *a) { *total = wadd(*total, *a); }
static void addB(int32_t *total, int32_t *b) {
    *total = wadd(*total, *b);
    *b = 0;
}
static int32_t addAll(int32_t a, int32_t b) {
    int32_t total = 0;
    addA(&total, &a);
    addB(&total, &b);
    addB(&total, &b);
    addA(&total, &a);
    return wadd(wmul(total, 1000), b);
}
static void step(int32_t *result, int32_t *base, int32_t *exp) {
    *result = wmul(*result, *base);
    *exp = wsub(*exp, 1);
}
static int32_t power(int32_t base, int32_t exp) {
    int32_t result = 0;
    result = 1;
    while (exp > 0) step(&result, &base, &exp);
    PSTR("exp is now ");
    pintln(exp);
    return result;
}
static void once(bool *loud, int32_t *times) {
    if (*loud) PSTRLN("HELLO");
    else PSTRLN("hello");
    *times = wsub(*times, 1);
    *loud = !*loud;
}
static void greet(bool loud, int32_t times) {
    while (times > 0) once(&loud, &times);
}
int main(void) {
    pintln(addAll(3, 4));
    pintln(power(2, 10));
    pintln(power(-3, 5));
    greet(true, 3);
    return 0;
}
