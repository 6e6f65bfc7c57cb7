#include "wend_twin.h"
static int32_t x;   /* main's x */
static bool flag;   /* main's flag */
static int32_t readOuter(void) { return x; }
static int32_t shadowing(void) {
    int32_t x_ = 0;
    x_ = 99;
    return wadd(x_, readOuter());
}
static void showParam(int32_t x_) {
    PSTR("param x = ");
    pintln(x_);
    x_ = wadd(x_, 1);
    PSTR("param x after = ");
    pintln(x_);
}
static void innermost(int32_t *inner_x) {
    *inner_x = wadd(*inner_x, 1);
    PSTR("innermost sees inner x = ");
    pintln(*inner_x);
}
static void inner(void) {
    int32_t ix = 0;
    ix = 5;
    innermost(&ix);
    innermost(&ix);
    PSTR("inner x = ");
    pintln(ix);
}
static void deeper(void) {
    bool dx = false;
    dx = true;
    inner();
    PSTR("deeper x = ");
    pboolln(dx);
}
static void useFlag(void) {
    int32_t iflag = 0;
    iflag = 42;
    PSTR("int flag = ");
    pintln(iflag);
}
int main(void) {
    x = 10;
    flag = true;
    pintln(shadowing());
    pintln(x);
    showParam(7);
    pintln(x);
    deeper();
    pintln(x);
    useFlag();
    pboolln(flag);
    return 0;
}
