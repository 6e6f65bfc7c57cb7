#include "wend_twin.h"
/* C's \x escape is greedy, so hex escapes followed by hex digits are split */
int main(void) {
    PSTRLN("tab:[\t]");
    PSTRLN("newline:[\n]");
    PSTRLN("carriage return:[\r]");
    PSTRLN("backslash:[\\]");
    PSTRLN("quote:[\"]");
    PSTRLN("nul:[\0]");
    PSTRLN("hex:[\x41\x42\x43][\x7a][\x7A][\xfF][\x00][\x20]");
    PSTRLN("hex then hex digits:[\x41" "BC]");
    PSTRLN("octal:[\101\102\103][\60][\7][\12][\377]");
    PSTRLN("escape char:[\033][\33]");
    PSTRLN("octal max three digits:[\101" "4]");
    PSTRLN("nul inside:[a\0b]");
    PSTRLN("ANSI: \033[1mbold\033[0m");
    PSTR("two lines\nin one string\n");
    PSTRLN("\"quoted\" and \\backslashed\\");
    PSTRLN("\\n is not a newline here");
    PSTRLN("\\\"");
    return 0;
}
