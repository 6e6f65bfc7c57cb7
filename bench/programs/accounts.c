/* C twin of accounts.wend (same output): main's and simulate's variables
 * are file-scope statics, which is what the nested functions share. */
#include "wend_twin.h"
static int32_t seed, day, failed;
static int32_t checking, savings, moves;

static int32_t getSeed(void) { return seed; }
static void setSeed(int32_t s) { seed = s; }

static int32_t random_below(int32_t bound) {
    int32_t r;
    setSeed(wadd(wmul(getSeed(), 1103515245), 12345));
    r = wmod(wdiv(getSeed(), 65536, 0), 32768, 0);
    if (r < 0) r = -r;
    return wmod(r, bound, 0);
}

static int32_t getChecking(void) { return checking; }
static void setChecking(int32_t v) { checking = v; }
static int32_t getSavings(void) { return savings; }
static void setSavings(int32_t v) { savings = v; }

static void deposit(int32_t amount) {
    setChecking(wadd(getChecking(), amount));
    moves = wadd(moves, 1);
}
static bool withdraw(int32_t amount) {
    if (getChecking() < amount) {
        failed = wadd(failed, 1);
        return false;
    }
    setChecking(wsub(getChecking(), amount));
    moves = wadd(moves, 1);
    return true;
}
static void save(int32_t amount) {
    if (withdraw(amount)) setSavings(wadd(getSavings(), amount));
}
static void addInterest(void) {
    setSavings(wadd(getSavings(), wdiv(getSavings(), 1000, 0)));
    if (getSavings() > 100000) {
        setSavings(wsub(getSavings(), 90000));
        deposit(90000);
    }
}

static int32_t simulate(int32_t days) {
    checking = savings = moves = 0;
    day = 0;
    while (day < days) {
        deposit(random_below(100));
        if (random_below(3) == 0) {
            save(random_below(150));
        } else {
            if (withdraw(random_below(120))) moves = wadd(moves, 0);
        }
        if (wmod(day, 30, 0) == 29) addInterest();
        day = wadd(day, 1);
    }
    PSTR("checking ");
    pint(getChecking());
    PSTR(" savings ");
    pint(getSavings());
    PSTR(" moves ");
    pintln(moves);
    return wadd(getChecking(), getSavings());
}

int main(void) {
    int32_t a, b;
    seed = 2024;
    PSTR("total ");
    a = simulate(10000000);
    b = simulate(7500000);
    pintln(wadd(a, b));
    PSTR("failed ");
    pintln(failed);
    return 0;
}
