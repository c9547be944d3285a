/* fftw_bench.c: the FFTW anchor of examples/fft (issue 21). It compares
 * lmsgen's C output for 1,024 points (lmsc/fft_lms.c, fft_FFT1024, compiled
 * with the flags cgo uses for it, -std=c11 -O2) with FFTW's planned
 * transform of the same size (fftw_plan_dft_1d, FFTW_MEASURE, out of
 * place): first the results on random inputs (the largest difference,
 * relative to the largest magnitude), then the time per transform, both
 * alternating in rounds, as the median of the rounds in CPU time and in
 * wall-clock time. Built and run by TestFFTWAnchor (fftw_test.go):
 *
 *	gcc -std=c11 -O2 -o fftw_bench testdata/fftw_bench.c lmsc/fft_lms.c -lfftw3 -lm
 *	./fftw_bench [rounds [iterations]]
 *
 * Output, one line each: "maxdiff <rel>", then per implementation
 * "<name> cpu_ns <median> wall_ns <median>", then "ratio_cpu <lmsgen/fftw>"
 * and "ratio_wall <lmsgen/fftw>". */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <complex.h>
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../lmsc/fft_lms.h"

enum { N = 1024 };

static double now(clockid_t c) {
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *xs, int n) {
	qsort(xs, n, sizeof *xs, cmp);
	return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}

static void lmsgen_fft(double _Complex *dst, double _Complex *src) {
	fft_FFT1024(dst, N, N, src, N, N);
}

int main(int argc, char **argv) {
	int rounds = argc > 1 ? atoi(argv[1]) : 15;
	int iters = argc > 2 ? atoi(argv[2]) : 2000;
	double _Complex *src = fftw_malloc(sizeof(double _Complex) * N);
	double _Complex *in = fftw_malloc(sizeof(double _Complex) * N);
	double _Complex *out = fftw_malloc(sizeof(double _Complex) * N);
	double _Complex *dst = fftw_malloc(sizeof(double _Complex) * N);
	fftw_plan plan = fftw_plan_dft_1d(N, (fftw_complex *)in, (fftw_complex *)out, FFTW_FORWARD, FFTW_MEASURE);
	srand(1);
	for (int i = 0; i < N; i++) {
		src[i] = (rand() / (double)RAND_MAX - 0.5) + I * (rand() / (double)RAND_MAX - 0.5);
		in[i] = src[i];
	}
	fftw_execute(plan);
	lmsgen_fft(dst, src);
	double maxdiff = 0, maxabs = 0;
	for (int i = 0; i < N; i++) {
		maxdiff = fmax(maxdiff, cabs(dst[i] - out[i]));
		maxabs = fmax(maxabs, cabs(out[i]));
	}
	printf("maxdiff %.3g\n", maxdiff / maxabs);

	double *cpu[2], *wall[2];
	for (int k = 0; k < 2; k++) {
		cpu[k] = malloc(sizeof(double) * rounds);
		wall[k] = malloc(sizeof(double) * rounds);
	}
	for (int r = 0; r < rounds; r++) {
		for (int k = 0; k < 2; k++) {
			double c0 = now(CLOCK_PROCESS_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
			for (int i = 0; i < iters; i++) {
				if (k == 0) {
					lmsgen_fft(dst, src);
				} else {
					fftw_execute(plan);
				}
			}
			cpu[k][r] = (now(CLOCK_PROCESS_CPUTIME_ID) - c0) / iters;
			wall[k][r] = (now(CLOCK_MONOTONIC) - w0) / iters;
		}
	}
	const char *names[2] = {"lmsgen", "fftw"};
	double mc[2], mw[2];
	for (int k = 0; k < 2; k++) {
		mc[k] = median(cpu[k], rounds);
		mw[k] = median(wall[k], rounds);
		printf("%s cpu_ns %.0f wall_ns %.0f\n", names[k], mc[k], mw[k]);
	}
	printf("ratio_cpu %.2f\nratio_wall %.2f\n", mc[0] / mc[1], mw[0] / mw[1]);
	fftw_destroy_plan(plan);
	return 0;
}
