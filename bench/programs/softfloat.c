/* C twin of softfloat.wend (same output), written with the same idioms:
   an IEEE-single-like number in an int32_t, taken apart and put together
   with / and % by powers of two, in small functions. */
#include "wend_twin.h"

static int32_t magnitude(int32_t f) {
    if (f < 0) return wadd(wadd(f, 1073741824), 1073741824);
    return f;
}
static int32_t exponent(int32_t f) { return magnitude(f) / 8388608; }
static int32_t mantissa(int32_t f) {
    if (exponent(f) == 0) return 0;
    return magnitude(f) % 8388608 + 8388608;
}
static int32_t pack(bool negative, int32_t e, int32_t m) {
    if (m == 0) return 0;
    while (m >= 16777216) { m = m / 2; e = e + 1; }
    while (m < 8388608) { m = m * 2; e = e - 1; }
    if (e <= 0) return 0;
    if (e >= 255) { e = 254; m = 16777215; }
    if (negative) return wsub(wsub(e * 8388608 + m - 8388608, 1073741824), 1073741824);
    return e * 8388608 + m - 8388608;
}
static int32_t from_int(int32_t n) {
    if (n < 0) return pack(true, 150, wneg(n));
    return pack(false, 150, n);
}
static int32_t to_int(int32_t f) {
    int32_t e = exponent(f), m = mantissa(f);
    while (e > 150) { m = wmul(m, 2); e = e - 1; }
    while (e < 150 && m > 0) { m = m / 2; e = e + 1; }
    if (f < 0) return wneg(m);
    return m;
}
static int32_t negate(int32_t f) {
    if (f == 0) return 0;
    return wadd(wadd(f, 1073741824), 1073741824);
}
static int32_t add(int32_t a, int32_t b) {
    int32_t ea = exponent(a), eb = exponent(b), mb, t;
    if (eb == 0) return a;
    if (ea == 0) return b;
    if (ea < eb || (ea == eb && mantissa(a) < mantissa(b))) {
        t = a; a = b; b = t;
        t = ea; ea = eb; eb = t;
    }
    if (ea - eb > 24) return a;
    mb = mantissa(b);
    while (eb < ea) { mb = mb / 2; eb = eb + 1; }
    if ((a < 0) == (b < 0)) return pack(a < 0, ea, mantissa(a) + mb);
    return pack(a < 0, ea, mantissa(a) - mb);
}
static int32_t sub(int32_t a, int32_t b) { return add(a, negate(b)); }
static int32_t mul(int32_t a, int32_t b) {
    int32_t ma = mantissa(a), mb = mantissa(b), m;
    if (ma == 0 || mb == 0) return 0;
    m = ma / 4096 * (mb / 4096) * 2
        + (ma / 4096 * (mb % 4096) + ma % 4096 * (mb / 4096)) / 2048
        + ma % 4096 * (mb % 4096) / 8388608;
    return pack((a < 0) != (b < 0), exponent(a) + exponent(b) - 127, m);
}
static int32_t divide(int32_t a, int32_t b) {
    int32_t ma = mantissa(a), mb = mantissa(b), q, r, i;
    if (ma == 0 || mb == 0) return 0;
    q = ma / mb;
    r = ma % mb;
    for (i = 0; i < 23; i++) {
        r = r * 2;
        q = q * 2;
        if (r >= mb) { r = r - mb; q = q + 1; }
    }
    return pack((a < 0) != (b < 0), exponent(a) - exponent(b) + 127, q);
}
static bool less(int32_t a, int32_t b) { return sub(a, b) < 0; }

int main(void) {
    int32_t frame, x, y, k, cx, cy, zr, zi, t, scale, total;
    for (frame = 0; frame < 20; frame++) {
        scale = divide(from_int(3), from_int(frame + 1));
        total = 0;
        for (y = 0; y < 24; y++) {
            cy = add(divide(from_int(1), from_int(10)), mul(scale, divide(from_int(y - 12), from_int(30))));
            for (x = 0; x < 64; x++) {
                cx = sub(mul(scale, divide(from_int(x - 32), from_int(40))), divide(from_int(3), from_int(4)));
                zr = 0;
                zi = 0;
                k = 0;
                while (k < 100 && less(add(mul(zr, zr), mul(zi, zi)), from_int(4))) {
                    t = add(sub(mul(zr, zr), mul(zi, zi)), cx);
                    zi = add(mul(mul(from_int(2), zr), zi), cy);
                    zr = t;
                    k = k + 1;
                }
                total = total + k;
                if (frame == 0) {
                    if (k == 100) PSTR("#");
                    else if (k > 8) PSTR("+");
                    else PSTR(".");
                }
            }
            if (frame == 0) PSTRLN("");
        }
        pintln(total);
    }
    pintln(to_int(mul(from_int(1000), divide(from_int(22), from_int(7)))));
    pintln(to_int(negate(from_int(123456789))));
    return 0;
}
