#include "wend_twin.h"
static int32_t fact(int32_t n) {
    if (n <= 1) return 1;
    return wmul(n, fact(wsub(n, 1)));
}
static int32_t fib(int32_t n) {
    if (n < 2) return n;
    int32_t a = fib(wsub(n, 1));
    int32_t b = fib(wsub(n, 2));
    return wadd(a, b);
}
static int32_t ack(int32_t m, int32_t n) {
    if (m == 0) return wadd(n, 1);
    if (n == 0) return ack(wsub(m, 1), 1);
    return ack(wsub(m, 1), ack(m, wsub(n, 1)));
}
static int32_t gcd(int32_t a, int32_t b) {
    if (b == 0) return a;
    return gcd(b, wmod(a, b, 0));
}
static int32_t digitSum(int32_t n) {
    if (n < 10) return n;
    return wadd(wmod(n, 10, 0), digitSum(wdiv(n, 10, 0)));
}
static int32_t pow_(int32_t b, int32_t e) {
    int32_t half = 0;
    if (e == 0) return 1;
    half = pow_(b, wdiv(e, 2, 0));
    if (wmod(e, 2, 0) == 0) return wmul(half, half);
    else return wmul(wmul(half, half), b);
}
static void printBinary(int32_t n) {
    if (n > 1) printBinary(wdiv(n, 2, 0));
    pint(wmod(n, 2, 0));
}
int main(void) {
    int32_t i = 0;
    while (i <= 12) {
        pint(fact(i));
        PSTR(" ");
        i = wadd(i, 1);
    }
    PSTRLN("");
    i = 0;
    while (i <= 20) {
        pint(fib(i));
        PSTR(" ");
        i = wadd(i, 1);
    }
    PSTRLN("");
    pintln(ack(0, 0));
    pintln(ack(1, 2));
    pintln(ack(2, 3));
    pintln(ack(3, 3));
    pintln(gcd(1071, 462));
    pintln(gcd(17, 5));
    pintln(digitSum(987654321));
    pintln(pow_(3, 13));
    pintln(pow_(2, 31));
    printBinary(37);
    PSTRLN("");
    printBinary(1024);
    PSTRLN("");
    return 0;
}
