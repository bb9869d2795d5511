// zlib against libdeflate on one kitty frame's filtered PNG rows: bytes and time per level
// (docs/PERFORMANCE.md, "zlib against libdeflate"). Not part of the build; needs
// libdeflate-dev besides zlib1g-dev:
//
//   .build/release/orbit render earth --format kitty --size 100x30 --cell-size 8x16 --frames 1 > /tmp/f.kitty
//   python3 scripts/kitty-idat.py /tmp/f.kitty /tmp/f.rows
//   cc -O2 scripts/deflate-compare.c -o /tmp/deflate-compare -lz -ldeflate && /tmp/deflate-compare /tmp/f.rows
//
// Prints, per library and level, the compressed bytes and the median and least time of 40 runs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include <libdeflate.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static int cmpd(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"rb"); fseek(f,0,SEEK_END); long n=ftell(f); fseek(f,0,SEEK_SET);
  unsigned char*in=malloc(n); fread(in,1,n,f); fclose(f);
  unsigned char*out=malloc(n*2+1000); int R=40; double t[64];
  int strategies[]={Z_RLE,Z_DEFAULT_STRATEGY}; const char*sn[]={"RLE","default"};
  for(int si=0;si<2;si++) for(int lvl=1;lvl<=6;lvl+=(lvl==1?5:1)){
    z_stream s; memset(&s,0,sizeof s); deflateInit2(&s,lvl,Z_DEFLATED,15,9,strategies[si]);
    size_t sz=0;
    for(int r=0;r<R;r++){deflateReset(&s); double a=now(); s.next_in=in;s.avail_in=n;s.next_out=out;s.avail_out=n*2+1000; deflate(&s,Z_FINISH); t[r]=now()-a; sz=s.total_out;}
    qsort(t,R,sizeof(double),cmpd); printf("zlib %s level %d: %zu bytes, median %.2f ms, min %.2f\n",sn[si],lvl,sz,t[R/2],t[0]);
    deflateEnd(&s);
  }
  for(int lvl=1;lvl<=9;lvl++){
    struct libdeflate_compressor*c=libdeflate_alloc_compressor(lvl); size_t sz=0;
    for(int r=0;r<R;r++){double a=now(); sz=libdeflate_zlib_compress(c,in,n,out,n*2+1000); t[r]=now()-a;}
    qsort(t,R,sizeof(double),cmpd); printf("libdeflate level %d: %zu bytes, median %.2f ms, min %.2f\n",lvl,sz,t[R/2],t[0]);
    libdeflate_free_compressor(c);
  }
}
