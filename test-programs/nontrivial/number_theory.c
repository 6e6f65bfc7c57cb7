#include "wend_twin.h"
static bool isPrime(int32_t n) {
    int32_t d = 0;
    if (n < 2) return false;
    d = 2;
    while (d <= wdiv(n, d, 0)) {
        if (wmod(n, d, 0) == 0) return false;
        d = wadd(d, 1);
    }
    return true;
}
static int32_t gcd(int32_t a, int32_t b) {
    int32_t t = 0;
    while (b != 0) {
        t = wmod(a, b, 0);
        a = b;
        b = t;
    }
    return a;
}
static int32_t lcm(int32_t a, int32_t b) { return wmul(wdiv(a, gcd(a, b), 0), b); }
static void factorise(int32_t n) {
    int32_t d = 0, e = 0;
    bool first = false;
    first = true;
    pint(n);
    PSTR(" =");
    d = 2;
    while (n > 1) {
        e = 0;
        while (wmod(n, d, 0) == 0) {
            n = wdiv(n, d, 0);
            e = wadd(e, 1);
        }
        if (e > 0) {
            if (!first) PSTR(" *");
            PSTR(" ");
            pint(d);
            if (e > 1) {
                PSTR("^");
                pint(e);
            }
            first = false;
        }
        d = wadd(d, 1);
        if (d > wdiv(n, d, 0) && n > 1) {
            if (!first) PSTR(" *");
            PSTR(" ");
            pint(n);
            n = 1;
        }
    }
    PSTRLN("");
}
static int32_t mulmod(int32_t a, int32_t b, int32_t m) {
    int32_t r = 0;
    while (b > 0) {
        if (wmod(b, 2, 0) == 1) r = wmod(wadd(r, a), m, 0);
        a = wmod(wmul(a, 2), m, 0);
        b = wdiv(b, 2, 0);
    }
    return r;
}
static int32_t powmod(int32_t b, int32_t e, int32_t m) {
    int32_t r = 0;
    r = 1;
    b = wmod(b, m, 0);
    while (e > 0) {
        if (wmod(e, 2, 0) == 1) r = mulmod(r, b, m);
        b = mulmod(b, b, m);
        e = wdiv(e, 2, 0);
    }
    return r;
}
static int32_t totient(int32_t n) {
    int32_t k = 0, t = 0;
    k = 1;
    while (k <= n) {
        if (gcd(k, n) == 1) t = wadd(t, 1);
        k = wadd(k, 1);
    }
    return t;
}
static int32_t divisorSum(int32_t n) {
    int32_t d = 0, s = 0;
    s = 1;
    d = 2;
    while (wmul(d, d) <= n) {
        if (wmod(n, d, 0) == 0) {
            s = wadd(s, d);
            if (wmul(d, d) != n) s = wadd(s, wdiv(n, d, 0));
        }
        d = wadd(d, 1);
    }
    return s;
}
static int32_t collatzLength(int32_t n) {
    int32_t steps = 0;
    while (n != 1) {
        if (wmod(n, 2, 0) == 0) n = wdiv(n, 2, 0);
        else n = wadd(wmul(3, n), 1);
        steps = wadd(steps, 1);
    }
    return steps;
}
int main(void) {
    int32_t n = 0, count = 0, best = 0, bestLen = 0, l = 0;
    PSTRLN("primes below 100:");
    n = 2;
    while (n < 100) {
        if (isPrime(n)) { pint(n); PSTR(" "); }
        n = wadd(n, 1);
    }
    PSTRLN("");
    n = 2;
    while (n < 10000) {
        if (isPrime(n)) count = wadd(count, 1);
        n = wadd(n, 1);
    }
    PSTR("number of primes below 10000: ");
    pintln(count);
    PSTR("largest prime below 2^31 - 1: ");
    n = 2147483646;
    while (!isPrime(n)) n = wsub(n, 1);
    pintln(n);
    factorise(360);
    factorise(97);
    factorise(1001);
    factorise(65536);
    factorise(2147483646);
    factorise(999999);
    PSTR("gcd(1071, 462) = ");
    pintln(gcd(1071, 462));
    l = 1;
    n = 1;
    while (n <= 20) {
        l = lcm(l, n);
        n = wadd(n, 1);
    }
    PSTR("lcm(1..20) = ");
    pintln(l);
    PSTR("3^200 mod 1000000007 = ");
    pintln(powmod(3, 200, 1000000007));
    PSTR("2^(p-1) mod p for p = 1000000007: ");
    pintln(powmod(2, 1000000006, 1000000007));
    PSTR("Fermat witness 2 for 561 (a Carmichael number): ");
    pintln(powmod(2, 560, 561));
    PSTR("Fermat witness 2 for 341: ");
    pintln(powmod(2, 340, 341));
    PSTR("phi(1..20): ");
    n = 1;
    while (n <= 20) {
        pint(totient(n));
        PSTR(" ");
        n = wadd(n, 1);
    }
    PSTRLN("");
    PSTR("perfect numbers below 10000: ");
    n = 2;
    while (n < 10000) {
        if (divisorSum(n) == n) { pint(n); PSTR(" "); }
        n = wadd(n, 1);
    }
    PSTRLN("");
    n = 1;
    while (n < 3000) {
        l = collatzLength(n);
        if (l > bestLen) {
            bestLen = l;
            best = n;
        }
        n = wadd(n, 1);
    }
    PSTR("longest Collatz chain below 3000 starts at ");
    pint(best);
    PSTR(" and takes ");
    pint(bestLen);
    PSTRLN(" steps");
    return 0;
}
