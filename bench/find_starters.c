/* Search for a Z-cyclic whist tournament starter: the fast half of bench/find_starters.py.

   Usage: find_starters SIZE SEED NODES RESTARTS
   Prints one line, the starter's games as "n e s w" separated by "|", or nothing
   if every restart gave up. The method is described in bench/find_starters.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 256

static unsigned long long rng_state;
static unsigned rnd(unsigned bound) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % bound);
}

static int modulus, infinity, pair_count;
static int pair_a[MAXN], pair_b[MAXN];
static int met[MAXN];
static int used[MAXN];
static int game_p[MAXN], game_q[MAXN], games;
static long nodes, node_limit;

static int cls(int d) {
    d %= modulus;
    if (d < 0) d += modulus;
    return d < modulus - d ? d : modulus - d;
}

/* A random pairing of 1 .. modulus-1 whose differences fall in different classes. */
static int partnerships(void) {
    int free_[MAXN], n = 0, taken[MAXN] = {0};
    for (int x = 1; x < modulus; x++) free_[n++] = x;
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = free_[i];
        free_[i] = free_[j];
        free_[j] = t;
    }
    pair_count = 0;
    while (n) {
        int x = free_[--n], options[MAXN], k = 0;
        for (int i = 0; i < n; i++)
            if (!taken[cls(x - free_[i])]) options[k++] = i;
        if (!k) return 0;
        int i = options[rnd(k)], y = free_[i];
        free_[i] = free_[--n];
        taken[cls(x - y)] = 1;
        pair_a[pair_count] = x;
        pair_b[pair_count++] = y;
    }
    return 1;
}

/* The opponent classes of partnerships p and q; returns how many (∞ has none). */
static int classes(int p, int q, int *out) {
    int xs[2] = {pair_a[p], pair_b[p]}, ys[2] = {pair_a[q], pair_b[q]}, k = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (xs[i] != infinity && ys[j] != infinity) out[k++] = cls(xs[i] - ys[j]);
    return k;
}

static int fits(int p, int q) {
    int found[4], k = classes(p, q, found), extra[MAXN / 2 + 1];
    for (int i = 0; i < k; i++) extra[found[i]] = 0;
    for (int i = 0; i < k; i++)
        if (met[found[i]] + ++extra[found[i]] > 2) return 0;
    return 1;
}

static int extend(int left) {
    if (!left) return 1;
    if (++nodes > node_limit) return 0;
    /* Match the partnership with the fewest possible opponents first. */
    int best = -1, best_count = MAXN, options[MAXN], count;
    for (int p = 0; p < pair_count; p++) {
        if (used[p]) continue;
        count = 0;
        for (int q = 0; q < pair_count; q++)
            if (q != p && !used[q] && fits(p, q)) count++;
        if (count < best_count) {
            best = p;
            best_count = count;
            if (!count) return 0;
        }
    }
    count = 0;
    for (int q = 0; q < pair_count; q++)
        if (q != best && !used[q] && fits(best, q)) options[count++] = q;
    for (int i = count - 1; i > 0; i--) {
        int j = rnd(i + 1), t = options[i];
        options[i] = options[j];
        options[j] = t;
    }
    used[best] = 1;
    for (int i = 0; i < count; i++) {
        int q = options[i], found[4], k = classes(best, q, found);
        for (int c = 0; c < k; c++) met[found[c]]++;
        used[q] = 1;
        game_p[games] = best;
        game_q[games++] = q;
        if (extend(left - 2)) return 1;
        games--;
        used[q] = 0;
        for (int c = 0; c < k; c++) met[found[c]]--;
    }
    used[best] = 0;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s SIZE SEED NODES RESTARTS\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[1]);
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)atoll(argv[2]) * 2654435761ULL;
    if (!rng_state) rng_state = 1;
    node_limit = atol(argv[3]);
    long restarts = atol(argv[4]);
    if (size < 4 || size >= MAXN || size % 4 > 1) {
        fprintf(stderr, "no Z-cyclic Wh(%d) to search for\n", size);
        return 2;
    }
    modulus = size % 4 == 0 ? size - 1 : size;
    infinity = size % 4 == 0 ? modulus : -1;
    for (long attempt = 0; attempt < restarts; attempt++) {
        while (!partnerships()) {
        }
        if (infinity >= 0) {
            pair_a[pair_count] = infinity; /* ∞ partners 0 */
            pair_b[pair_count++] = 0;
        }
        memset(met, 0, sizeof met);
        memset(used, 0, sizeof used);
        games = 0;
        nodes = 0;
        if (extend(pair_count)) {
            for (int g = 0; g < games; g++) {
                int p = game_p[g], q = game_q[g];
                printf("%s%d %d %d %d", g ? "|" : "", pair_a[p], pair_a[q], pair_b[p], pair_b[q]);
            }
            printf("\n");
            return 0;
        }
    }
    return 1;
}
