#include "wend_twin.h"
static bool isOdd(int32_t n);
static bool isEven(int32_t n) {
    if (n == 0) return true;
    return isOdd(wsub(n, 1));
}
static bool isOdd(int32_t n) {
    if (n == 0) return false;
    return isEven(wsub(n, 1));
}
static int32_t male(int32_t n);
static int32_t female(int32_t n) {
    if (n == 0) return 1;
    return wsub(n, male(female(wsub(n, 1))));
}
static int32_t male(int32_t n) {
    if (n == 0) return 0;
    return wsub(n, female(male(wsub(n, 1))));
}
static void pong(int32_t k);
static void ping(int32_t k) {
    if (k > 0) {
        PSTR("ping ");
        pong(wsub(k, 1));
    }
}
static void pong(int32_t k) {
    if (k > 0) {
        PSTR("pong ");
        ping(wsub(k, 1));
    }
}
static int32_t b(int32_t k);
static int32_t c(int32_t k);
static int32_t a(int32_t k) {
    if (k <= 0) return 0;
    return wadd(1, b(wsub(k, 1)));
}
static int32_t b(int32_t k) {
    if (k <= 0) return 0;
    return wadd(10, c(wsub(k, 1)));
}
static int32_t c(int32_t k) {
    if (k <= 0) return 0;
    return wadd(100, a(wsub(k, 1)));
}
int main(void) {
    int32_t n = 0;
    while (n <= 15) {
        pint(female(n));
        PSTR(" ");
        n = wadd(n, 1);
    }
    PSTRLN("");
    n = 0;
    while (n <= 15) {
        pint(male(n));
        PSTR(" ");
        n = wadd(n, 1);
    }
    PSTRLN("");
    pboolln(isEven(10));
    pboolln(isOdd(7));
    pboolln(isEven(7));
    ping(5);
    PSTRLN("");
    pintln(a(7));
    return 0;
}
