#include "wend_twin.h"
static int32_t x, y; /* main's locals */
static int32_t show(void){ printf("x=%d\n", x); return x; }
static int32_t early(int32_t lim){ int i=0; while(i<100){ x+=2; if(x>lim) return i; i++; } return -1; }
static int32_t reader(int32_t lim){ int i=0,s=0; while(i<lim){ x++; s+=show(); i++; } return s; }
static int32_t nest(int32_t lim){ int i=0,j; while(i<lim){ j=0; while(j<i){ y+=x; x++; if(y>1000) return y; j++; } i++; } return y; }
int main(){ printf("%d\n", early(9)); printf("%d\n", x); printf("%d\n", reader(3)); printf("%d\n", x); printf("%d\n", nest(20)); printf("%d\n", x); printf("%d\n", y);
    printf("%d\n", early(x + 7)); printf("%d\n", reader(2)); printf("%d\n", nest(25)); printf("%d\n", x); printf("%d\n", y); return 0; }
