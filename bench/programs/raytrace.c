/* C twin of raytrace.wend (same output), written with the same idioms:
   fixed-point numbers scaled by 1024 in int32_t, small helper functions. */
#include "wend_twin.h"

static int32_t dx, dy, dz, sx, sy, sz;

static int32_t mul(int32_t a, int32_t b) { return wmul(a, b) / 1024; }
static int32_t divide(int32_t a, int32_t b) { return wdiv(wmul(a, 1024), b, 29); }
static int32_t isqrt(int32_t n) {
    int32_t x, y;
    if (n < 2) return n;
    x = n;
    y = (x + 1) / 2;
    while (y < x) {
        x = y;
        y = (x + wdiv(n, x, 42)) / 2;
    }
    return x;
}
static int32_t fsqrt(int32_t a) { return isqrt(wmul(a, 1024)); }
static int32_t dot(int32_t ax, int32_t ay, int32_t az, int32_t bx, int32_t by, int32_t bz) {
    return wadd(wadd(mul(ax, bx), mul(ay, by)), mul(az, bz));
}
static int32_t sphere_hit(int32_t ox, int32_t oy, int32_t oz, int32_t ex, int32_t ey, int32_t ez) {
    int32_t b, c, disc, t;
    ox = ox - sx;
    oy = oy - sy;
    oz = oz - sz;
    b = dot(ox, oy, oz, ex, ey, ez);
    c = dot(ox, oy, oz, ox, oy, oz) - 1024;
    disc = mul(b, b) - c;
    if (disc < 0) return -1;
    t = -b - fsqrt(disc);
    if (t < 0) return -1;
    return t;
}
static int32_t trace(void) {
    int32_t t, hx, hy, hz, light;
    t = sphere_hit(0, 0, 0, dx, dy, dz);
    if (t >= 0) {
        hx = mul(t, dx);
        hy = mul(t, dy);
        hz = mul(t, dz);
        light = dot(hx - sx, hy - sy, hz - sz, -591, 591, -591);
        if (light < 0) light = 0;
        return 100 + mul(light, 900);
    }
    if (dy >= 0) return 300 - dy / 4;
    t = divide(-1024, dy);
    if (t > 30720) return 200;
    hx = mul(t, dx);
    hz = mul(t, dz);
    if ((hx + 65536) / 1024 % 2 == (hz + 65536) / 1024 % 2) light = 800;
    else light = 400;
    if (sphere_hit(hx, -1024, hz, -591, 591, -591) >= 0) light = light / 4;
    return light;
}
static void print_shade(int32_t s) {
    if (s < 100) PSTR(" ");
    else if (s < 200) PSTR(".");
    else if (s < 300) PSTR(":");
    else if (s < 500) PSTR("+");
    else if (s < 800) PSTR("*");
    else PSTR("#");
}

int main(void) {
    int32_t frame, px, py, shade, total = 0, checksum = 0, len;
    for (frame = 0; frame < 1200; frame++) {
        sx = frame % 12 * 256 - 1536;
        sy = 0;
        sz = 4096;
        total = 0;
        for (py = 0; py < 40; py++) {
            for (px = 0; px < 80; px++) {
                dx = (px - 40) * 1024 / 40;
                dy = (20 - py) * 1024 / 20 / 2;
                dz = 1024;
                len = fsqrt(dot(dx, dy, dz, dx, dy, dz));
                dx = divide(dx, len);
                dy = divide(dy, len);
                dz = divide(dz, len);
                shade = trace();
                total = wadd(total, shade);
                if (frame == 6) print_shade(shade);
            }
            if (frame == 6) PSTRLN("");
        }
        checksum = wadd(wmul(checksum, 3), total);
    }
    pintln(total);
    pintln(checksum);
    return 0;
}
