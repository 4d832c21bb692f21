/* Search for a Z-cyclic whist tournament starter: the fast half of bench/find_starters.py.

   Usage: find_starters SIZE SEED NODES RESTARTS MULTIPLIER
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

static void shuffle(int *items, int count) {
    for (int i = count - 1; i > 0; i--) {
        int j = rnd(i + 1), t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* Points are 0 .. modulus-1, and infinity (== modulus) when SIZE ≡ 0 (mod 4). */
static int modulus, infinity, multiplier;
static int times_r[MAXN + 1];
static int points[MAXN + 1], point_count;
static int used[MAXN + 1];
static int partner_met[MAXN], opponent_met[MAXN];
static int games[MAXN][4], game_count;
static long nodes, node_limit;

static int cls(int x, int y) {
    if (x == infinity || y == infinity) return -1;
    int d = (x - y) % modulus;
    if (d < 0) d += modulus;
    return d < modulus - d ? d : modulus - d;
}

/* Seat one game (north, east, south, west); on a clash undo and return 0. */
static int place(const int *g) {
    for (int i = 0; i < 4; i++)
        if (used[g[i]]) return 0;
    int p[2] = {cls(g[0], g[2]), cls(g[1], g[3])};
    int o[4] = {cls(g[0], g[1]), cls(g[0], g[3]), cls(g[2], g[1]), cls(g[2], g[3])};
    int ok = 1;
    for (int i = 0; i < 2; i++)
        if (p[i] >= 0 && ++partner_met[p[i]] > 1) ok = 0;
    for (int i = 0; i < 4; i++)
        if (o[i] >= 0 && ++opponent_met[o[i]] > 2) ok = 0;
    if (!ok) {
        for (int i = 0; i < 2; i++)
            if (p[i] >= 0) partner_met[p[i]]--;
        for (int i = 0; i < 4; i++)
            if (o[i] >= 0) opponent_met[o[i]]--;
        return 0;
    }
    for (int i = 0; i < 4; i++) used[g[i]] = 1;
    memcpy(games[game_count++], g, sizeof games[0]);
    return 1;
}

static void unplace(void) {
    const int *g = games[--game_count];
    int p[2] = {cls(g[0], g[2]), cls(g[1], g[3])};
    int o[4] = {cls(g[0], g[1]), cls(g[0], g[3]), cls(g[2], g[1]), cls(g[2], g[3])};
    for (int i = 0; i < 2; i++)
        if (p[i] >= 0) partner_met[p[i]]--;
    for (int i = 0; i < 4; i++)
        if (o[i] >= 0) opponent_met[o[i]]--;
    for (int i = 0; i < 4; i++) used[g[i]] = 0;
}

static int same_pair(int a, int b, int c, int d) { return (a == c && b == d) || (a == d && b == c); }

/* Whether two games have the same partnerships, whoever sits where. */
static int same_game(const int *g, const int *h) {
    return (same_pair(g[0], g[2], h[0], h[2]) && same_pair(g[1], g[3], h[1], h[3])) ||
           (same_pair(g[0], g[2], h[1], h[3]) && same_pair(g[1], g[3], h[0], h[2]));
}

/* Seat a game and its images under the multiplier; returns how many, 0 on a clash. */
static int place_orbit(const int *g) {
    int image[4], placed = 0;
    memcpy(image, g, sizeof image);
    do {
        if (!place(image)) {
            while (placed--) unplace();
            return 0;
        }
        placed++;
        for (int i = 0; i < 4; i++) image[i] = times_r[image[i]];
    } while (!same_game(image, g));
    return placed;
}

/* Whether x may partner y: both free, and the partnership's images under the
   multiplier free, apart and of classes not met yet. */
static int may_partner(int x, int y) {
    int a = x, b = y, classes[MAXN], k = 0;
    do {
        if (used[a] || used[b]) return 0;
        int c = cls(a, b);
        if (c >= 0) {
            if (partner_met[c]) return 0;
            for (int i = 0; i < k; i++)
                if (classes[i] == c) return 0;
            classes[k++] = c;
        }
        a = times_r[a];
        b = times_r[b];
    } while (!same_pair(a, b, x, y));
    return 1;
}

static int may_oppose(int x, int y, int u) {
    int c = cls(x, u), d = cls(y, u);
    if (c >= 0 && opponent_met[c] + 1 + (c == d) > 2) return 0;
    if (d >= 0 && opponent_met[d] + 1 + (c == d) > 2) return 0;
    return 1;
}

static int extend(void) {
    /* The free point with the fewest possible partners goes first. */
    int x = -1, fewest = MAXN + 1;
    for (int i = 0; i < point_count; i++) {
        int p = points[i], count = 0;
        if (used[p]) continue;
        for (int j = 0; j < point_count && count < fewest; j++)
            if (points[j] != p && may_partner(p, points[j])) count++;
        if (count < fewest) {
            fewest = count;
            x = p;
        }
        if (!count) return 0;
    }
    if (x < 0) return 1;
    if (++nodes > node_limit) return 0;
    int free_[MAXN + 1], n = 0;
    for (int i = 0; i < point_count; i++)
        if (!used[points[i]] && points[i] != x) free_[n++] = points[i];
    shuffle(free_, n);
    /* x partners y against u and v: every game that seats x, in random order. */
    for (int iy = 0; iy < n; iy++) {
        int y = free_[iy];
        if (!may_partner(x, y)) continue;
        for (int iu = 0; iu < n; iu++) {
            int u = free_[iu];
            if (u == y || !may_oppose(x, y, u)) continue;
            for (int iv = iu + 1; iv < n; iv++) {
                int v = free_[iv];
                if (v == y || !may_oppose(x, y, v)) continue;
                int g[4] = {x, u, y, v}, placed = place_orbit(g);
                if (!placed) continue;
                if (extend()) return 1;
                while (placed--) unplace();
                if (nodes > node_limit) return 0;
            }
        }
    }
    return 0;
}

/* Without a multiplier: a random pairing of 1 .. modulus-1 whose differences fall in
   different classes fixes the partnerships (∞ partners 0), then depth-first exact cover
   matches them into games, the partnership with the fewest possible opponents first. */
static int pc_count;
static int pc_a[MAXN], pc_b[MAXN];
static int pc_met[MAXN];
static int pc_used[MAXN];
static int pc_game_p[MAXN], pc_game_q[MAXN], pc_games;

static int pc_cls(int d) {
    d %= modulus;
    if (d < 0) d += modulus;
    return d < modulus - d ? d : modulus - d;
}

/* A random pairing of 1 .. modulus-1 whose differences fall in different pc_classes. */
static int pc_partnerships(void) {
    int free_[MAXN], n = 0, taken[MAXN] = {0};
    for (int x = 1; x < modulus; x++) free_[n++] = x;
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = free_[i];
        free_[i] = free_[j];
        free_[j] = t;
    }
    pc_count = 0;
    while (n) {
        int x = free_[--n], options[MAXN], k = 0;
        for (int i = 0; i < n; i++)
            if (!taken[pc_cls(x - free_[i])]) options[k++] = i;
        if (!k) return 0;
        int i = options[rnd(k)], y = free_[i];
        free_[i] = free_[--n];
        taken[pc_cls(x - y)] = 1;
        pc_a[pc_count] = x;
        pc_b[pc_count++] = y;
    }
    return 1;
}

/* The opponent pc_classes of pc_partnerships p and q; returns how many (∞ has none). */
static int pc_classes(int p, int q, int *out) {
    int xs[2] = {pc_a[p], pc_b[p]}, ys[2] = {pc_a[q], pc_b[q]}, k = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (xs[i] != infinity && ys[j] != infinity) out[k++] = pc_cls(xs[i] - ys[j]);
    return k;
}

static int pc_fits(int p, int q) {
    int found[4], k = pc_classes(p, q, found), extra[MAXN / 2 + 1];
    for (int i = 0; i < k; i++) extra[found[i]] = 0;
    for (int i = 0; i < k; i++)
        if (pc_met[found[i]] + ++extra[found[i]] > 2) return 0;
    return 1;
}

static int pc_extend(int left) {
    if (!left) return 1;
    if (++nodes > node_limit) return 0;
    /* Match the partnership with the fewest possible opponents first. */
    int best = -1, best_count = MAXN, options[MAXN], count;
    for (int p = 0; p < pc_count; p++) {
        if (pc_used[p]) continue;
        count = 0;
        for (int q = 0; q < pc_count; q++)
            if (q != p && !pc_used[q] && pc_fits(p, q)) count++;
        if (count < best_count) {
            best = p;
            best_count = count;
            if (!count) return 0;
        }
    }
    count = 0;
    for (int q = 0; q < pc_count; q++)
        if (q != best && !pc_used[q] && pc_fits(best, q)) options[count++] = q;
    for (int i = count - 1; i > 0; i--) {
        int j = rnd(i + 1), t = options[i];
        options[i] = options[j];
        options[j] = t;
    }
    pc_used[best] = 1;
    for (int i = 0; i < count; i++) {
        int q = options[i], found[4], k = pc_classes(best, q, found);
        for (int c = 0; c < k; c++) pc_met[found[c]]++;
        pc_used[q] = 1;
        pc_game_p[pc_games] = best;
        pc_game_q[pc_games++] = q;
        if (pc_extend(left - 2)) return 1;
        pc_games--;
        pc_used[q] = 0;
        for (int c = 0; c < k; c++) pc_met[found[c]]--;
    }
    pc_used[best] = 0;
    return 0;
}

static int plain(long restarts) {
    for (long attempt = 0; attempt < restarts; attempt++) {
        while (!pc_partnerships()) {
        }
        if (infinity >= 0) {
            pc_a[pc_count] = infinity;
            pc_b[pc_count++] = 0;
        }
        memset(pc_met, 0, sizeof pc_met);
        memset(pc_used, 0, sizeof pc_used);
        pc_games = 0;
        nodes = 0;
        if (pc_extend(pc_count)) {
            for (int g = 0; g < pc_games; g++) {
                int p = pc_game_p[g], q = pc_game_q[g];
                printf("%s%d %d %d %d", g ? "|" : "", pc_a[p], pc_a[q], pc_b[p], pc_b[q]);
            }
            printf("\n");
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s SIZE SEED NODES RESTARTS MULTIPLIER\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[1]);
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)atoll(argv[2]) * 2654435761ULL;
    if (!rng_state) rng_state = 1;
    node_limit = atol(argv[3]);
    long restarts = atol(argv[4]);
    multiplier = atoi(argv[5]);
    if (size < 4 || size >= MAXN || size % 4 > 1) {
        fprintf(stderr, "no Z-cyclic Wh(%d) to search for\n", size);
        return 2;
    }
    modulus = size % 4 == 0 ? size - 1 : size;
    infinity = size % 4 == 0 ? modulus : -1;
    if (multiplier == 1) return plain(restarts);
    for (int x = 0; x < modulus; x++) times_r[x] = (int)((long)x * multiplier % modulus);
    if (infinity >= 0) times_r[infinity] = infinity;
    for (int attempt = 0; attempt < restarts; attempt++) {
        /* ∞ first, whose game the multiplier must fix; then the rest in random order. */
        point_count = 0;
        if (infinity >= 0) points[point_count++] = infinity;
        int first = point_count;
        for (int x = infinity >= 0 ? 0 : 1; x < modulus; x++) points[point_count++] = x;
        shuffle(points + first, point_count - first);
        memset(used, 0, sizeof used);
        memset(partner_met, 0, sizeof partner_met);
        memset(opponent_met, 0, sizeof opponent_met);
        game_count = 0;
        nodes = 0;
        if (extend()) {
            for (int g = 0; g < game_count; g++)
                printf("%s%d %d %d %d", g ? "|" : "", games[g][0], games[g][1], games[g][2],
                       games[g][3]);
            printf("\n");
            return 0;
        }
    }
    return 1;
}
