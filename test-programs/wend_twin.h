/* Support code shared by the C twins of the wend test programs.
 * Every C twin mirrors its NAME.wend program; running it produces the
 * expected output files (see regen-expected.sh).
 *
 * wend int arithmetic wraps modulo 2^32; signed overflow is undefined in C,
 * so + - * and unary - are done on uint32_t and converted back.
 * / and % truncate toward zero (as C does), INT_MIN / -1 == INT_MIN,
 * INT_MIN % -1 == 0, and a zero divisor is the wend runtime error.
 *
 * NOTE: C leaves the evaluation order of operands and call arguments
 * unspecified, wend does not (left to right).  The twins therefore
 * evaluate side-effecting operands into temporaries, in source order.
 */
#ifndef WEND_TWIN_H
#define WEND_TWIN_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int32_t wcast(uint32_t u) {
    int32_t r;
    memcpy(&r, &u, sizeof r); /* two's complement reinterpretation */
    return r;
}
static inline int32_t wadd(int32_t a, int32_t b) { return wcast((uint32_t)a + (uint32_t)b); }
static inline int32_t wsub(int32_t a, int32_t b) { return wcast((uint32_t)a - (uint32_t)b); }
static inline int32_t wmul(int32_t a, int32_t b) { return wcast((uint32_t)a * (uint32_t)b); }
static inline int32_t wneg(int32_t a) { return wcast(0u - (uint32_t)a); }

/* The runtime-error contract: flush stdout, one line on stderr, exit 2. */
static inline void wdivzero(int line) {
    fflush(stdout);
    fprintf(stderr, "runtime error: division by zero at line %d\n", line);
    exit(2);
}
/* line = 1-based line of the / or % token in the .wend source */
static inline int32_t wdiv(int32_t a, int32_t b, int line) {
    if (b == 0) wdivzero(line);
    if (a == INT32_MIN && b == -1) return INT32_MIN;
    return a / b;
}
static inline int32_t wmod(int32_t a, int32_t b, int line) {
    if (b == 0) wdivzero(line);
    if (a == INT32_MIN && b == -1) return 0;
    return a % b;
}

static inline void pint(int32_t v) { printf("%ld", (long)v); }
static inline void pintln(int32_t v) { printf("%ld\n", (long)v); }
static inline void pbool(bool b) { fputs(b ? "true" : "false", stdout); }
static inline void pboolln(bool b) { fputs(b ? "true\n" : "false\n", stdout); }
/* string literals: written as bytes (may contain NUL bytes) */
#define PSTR(s) fwrite((s), 1, sizeof(s) - 1, stdout)
#define PSTRLN(s) (PSTR(s), putchar('\n'))
#define WEND_INT_MIN INT32_MIN
#define WEND_INT_MAX INT32_MAX

#endif
