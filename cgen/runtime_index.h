/* The lmsgen runtime's indexes of keys, appended to the runtime prelude of
 * a generated file that uses them (GroupBy's lowering, ir/keyindex.go). */
/* ------------------------------------------------------------ key indexes */

/* An lms_index (ir.OpIndexNew) gives each distinct key a slot, 0, 1, 2, ...
 * in the order the keys come: a hash table with open addressing (linear
 * probing, at most 3/4 full), as Go's map[K]int that the Go output uses.
 * A key is stored as bits: an integer (every integer kind and bool,
 * converted to uint64), a float (a double: -0 as +0, since they are equal;
 * a NaN is never equal to anything, so it gets a new slot each time and
 * is not stored), a complex (two doubles), or a string (its hash and
 * bytes). lms_index_slot_* returns the key's slot, adding it with the next
 * slot if it is new. */
typedef struct {
	uint64_t h, a, b; /* hash, key bits */
	lms_string s;     /* a string key */
	int64_t slot1;    /* slot + 1; 0: empty */
} lms_index_entry;
typedef struct {
	lms_index_entry *e;
	uint64_t mask;  /* entries - 1 */
	int64_t used;   /* entries in use */
	int64_t slots;  /* slots given (NaN keys have slots, no entries) */
} lms_index_rec;
typedef lms_index_rec *lms_index;

LMS_FN lms_index lms_index_new(void) {
	lms_index ix = (lms_index)lms_alloc((int64_t)sizeof(lms_index_rec));
	ix->mask = 7;
	ix->e = (lms_index_entry *)lms_alloc(8 * (int64_t)sizeof(lms_index_entry));
	return ix;
}

LMS_INLINE uint64_t lms_index_mix(uint64_t x) {
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

LMS_FN void lms_index_grow(lms_index ix) {
	uint64_t n = (ix->mask + 1) * 2;
	lms_index_entry *old = ix->e;
	uint64_t oldn = ix->mask + 1;
	ix->e = (lms_index_entry *)lms_alloc((int64_t)(n * sizeof(lms_index_entry)));
	ix->mask = n - 1;
	for (uint64_t i = 0; i < oldn; i++) {
		if (old[i].slot1 == 0) continue;
		uint64_t j = old[i].h & ix->mask;
		while (ix->e[j].slot1 != 0) j = (j + 1) & ix->mask;
		ix->e[j] = old[i];
	}
	lms_free(old);
}

/* lms_index_put returns the slot of the key (h, a, b, s), adding it if it
 * is new; str says that the key is the string s. */
LMS_FN int64_t lms_index_put(lms_index ix, uint64_t h, uint64_t a, uint64_t b, lms_string s, bool str) {
	for (uint64_t i = h & ix->mask;; i = (i + 1) & ix->mask) {
		lms_index_entry *e = &ix->e[i];
		if (e->slot1 == 0) {
			int64_t slot = ix->slots++;
			e->h = h, e->a = a, e->b = b, e->s = s, e->slot1 = slot + 1;
			if (++ix->used * 4 > (int64_t)(ix->mask + 1) * 3) lms_index_grow(ix);
			return slot;
		}
		if (e->h == h && e->a == a && e->b == b &&
			(!str || (e->s.len == s.len && (s.len == 0 || memcmp(e->s.p, s.p, (size_t)s.len) == 0)))) {
			return e->slot1 - 1;
		}
	}
}

static const lms_string lms_index_nostr LMS_UNUSED = {NULL, 0};

/* lms_index_slot_bits is the slot of an integer or bool key. */
LMS_INLINE int64_t lms_index_slot_bits(lms_index ix, uint64_t k) {
	return lms_index_put(ix, lms_index_mix(k), k, 0, lms_index_nostr, false);
}

/* lms_index_slot_f64 is the slot of a float key. */
LMS_INLINE int64_t lms_index_slot_f64(lms_index ix, double k) {
	if (k != k) return ix->slots++;
	if (k == 0) k = 0;
	uint64_t a = lms_f64bits(k);
	return lms_index_put(ix, lms_index_mix(a), a, 0, lms_index_nostr, false);
}

/* lms_index_slot_c128 is the slot of a complex key. */
LMS_INLINE int64_t lms_index_slot_c128(lms_index ix, double re, double im) {
	if (re != re || im != im) return ix->slots++;
	if (re == 0) re = 0;
	if (im == 0) im = 0;
	uint64_t a = lms_f64bits(re), b = lms_f64bits(im);
	return lms_index_put(ix, lms_index_mix(a ^ lms_index_mix(b)), a, b, lms_index_nostr, false);
}

/* lms_index_slot_string is the slot of a string key. */
LMS_INLINE int64_t lms_index_slot_string(lms_index ix, lms_string k) {
	uint64_t h = UINT64_C(14695981039346656037);
	for (int64_t i = 0; i < k.len; i++) {
		h = (h ^ k.p[i]) * UINT64_C(1099511628211);
	}
	return lms_index_put(ix, lms_index_mix(h), (uint64_t)k.len, 0, k, true);
}
