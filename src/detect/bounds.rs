//! Which single-byte readings a guess prices whole. A guess lists only the readings within
//! `LISTED_WITHIN` bits of the cheapest, so a reading that cannot come that close need not be
//! priced to the end:
//! - a candidate that reads every byte of the input above ASCII as an earlier candidate of the
//!   same model does costs what that one costs, but for the prior (`twins`);
//! - a reading's cost is bounded below by its cost so far and a floor of its pairs not yet priced
//!   (`HighPairs::floor`); the reading with the lowest bound is priced whole first, then the
//!   others a few pairs at a time, and one whose bound passes the cheapest reading priced by more
//!   than `LISTED_WITHIN` bits (and what the top-level domain and the Latin shift can take off
//!   it) is left there;
//! - the Latin shift (`Detector::single_byte_readings`) needs the cheapest Latin reading's cost
//!   with and without its language share; a reading left part-priced that could be either is
//!   priced whole, unless no Latin reading can be listed at all.
//!
//! What is left part-priced is never listed, so the guess is the one every reading priced whole
//! would give (`Detector::guess_exhaustive`, checked by the tests).

use alloc::boxed::Box;
use alloc::vec::Vec;
use once_cell::race::OnceBox;

use super::single_byte::{high_pairs_cost, least_after, HighPairs, PairCounts};
use super::statistics::{SINGLE_BYTE_CANDIDATES, SINGLE_BYTE_MODELS};
use super::{LISTED_WITHIN, TLD_BONUS};

/// How many single-byte candidates and models there are.
pub(super) const N: usize = SINGLE_BYTE_CANDIDATES.len();
pub(super) const MODELS: usize = SINGLE_BYTE_MODELS.len();
/// The readings are bounded where the input has more than this many pairs with a byte above
/// ASCII (a few are priced sooner than bounded), and then priced this many pairs at a time.
const BOUNDED_FROM: usize = 8;
const PRICED_AT_ONCE: usize = 4;

/// What a guess lists the single-byte readings beside.
pub(super) struct Listing<'a> {
    /// The least cost of its other readings (UTF-16, CJK), the top-level domain's bonus taken off.
    pub(super) rival: u64,
    /// The models the top-level domain's bonus goes to (`tld_languages`).
    pub(super) bonus: &'a [&'a str],
}

/// The single-byte readings' costs in bits, prior included.
pub(super) struct Costs {
    /// Each candidate's cost, where `whole`, before the Latin shift.
    pub(super) cost: [i64; N],
    /// Whether the candidate is priced whole (else it is not listed).
    pub(super) whole: [bool; N],
    /// What the Latin readings' costs are lowered by (`Detector::single_byte_readings`): the
    /// cheapest Latin reading's cost less its cost without its language share; 0 where no Latin
    /// reading can be listed.
    pub(super) shift: i64,
}

/// Each root's cost so far, the floor of its pairs not yet priced (where bounded, else 0), and
/// how many of the input's high pairs are priced.
struct Priced<'a> {
    cost: [i64; N],
    rest: [i64; N],
    priced: [usize; N],
    high: &'a HighPairs,
    least_after: &'static [[u8; 128]; MODELS],
    bounded: bool,
}

impl Priced<'_> {
    /// Prices reading `i`'s pairs up to `to`.
    fn until(&mut self, i: usize, to: usize) {
        let candidate = &SINGLE_BYTE_CANDIDATES[i];
        let least = &self.least_after[candidate.model as usize];
        let (cost, floor) = high_pairs_cost(candidate, self.high, least, self.priced[i], to);
        self.cost[i] += cost as i64;
        if self.bounded {
            self.rest[i] -= floor as i64;
        }
        self.priced[i] = to;
    }
}

/// Prices the single-byte readings of the input counted in `pairs`, whose ASCII costs `ascii`
/// bits in each model (`language`: the part of it that is language), every one whole or, with
/// a `listing`, those a guess may list.
pub(super) fn price(
    pairs: &PairCounts,
    ascii: &[u64; MODELS],
    language: &[u64; MODELS],
    listing: Option<Listing<'_>>,
) -> Costs {
    let mut high = pairs.high_pairs();
    let n = high.len();
    let all = &SINGLE_BYTE_CANDIDATES;
    let model_of = |i: usize| all[i].model as usize;
    let latin = |i: usize| SINGLE_BYTE_MODELS[model_of(i)].latin;
    let prior = |i: usize| all[i].prior as i64;
    let listing = listing.filter(|_| n > BOUNDED_FROM);
    if listing.is_some() {
        high.count_ends();
    }
    // Each reading's root (the twin whose pairs are priced for it, or itself), the roots, and for
    // a root the least of its readings' priors less its own.
    let present = pairs.high_bytes();
    let mut root = [0usize; N];
    let mut roots = [0u8; N];
    let mut count = 0;
    let mut least_prior = [0i64; N];
    for (i, twins) in twins().iter().enumerate() {
        let r = twins
            .iter()
            .find(|(_, differ)| alike(differ, &present))
            .map_or(i, |&(j, _)| root[j]);
        root[i] = r;
        if r == i {
            roots[count] = i as u8;
            count += 1;
        }
        least_prior[r] = least_prior[r].min(prior(i) - prior(r));
    }
    let roots = &roots[..count];
    let roots = || roots.iter().map(|&i| i as usize);
    // Each root's ASCII, prior and line starts first, and the floor of the rest (bounded) or
    // the rest (not).
    let mut p = Priced {
        cost: [0; N],
        rest: [0; N],
        priced: [0; N],
        high: &high,
        least_after: least_after(),
        bounded: listing.is_some(),
    };
    for i in roots() {
        let c = &all[i];
        p.cost[i] = (ascii[c.model as usize] + c.prior as u64) as i64 + pairs.start_change(c);
        match listing {
            Some(_) => p.rest[i] = high.floor(c, &p.least_after[c.model as usize]) as i64,
            None => p.until(i, n),
        }
    }
    let cost_of = |p: &Priced, k: usize| p.cost[root[k]] + prior(k) - prior(root[k]);
    let whole_latin = |p: &Priced, k: usize| latin(k) && p.priced[root[k]] == n;
    // The cheapest Latin reading's cost priced whole, with and without its language share.
    let latin_least = |p: &Priced| {
        (0..N)
            .filter(|&k| whole_latin(p, k))
            .fold((i64::MAX, i64::MAX), |least, k| {
                lower(least, cost_of(p, k), language[model_of(k)])
            })
    };
    let mut listable_latin = true;
    if let Some(listing) = listing {
        // The most the Latin shift can take off a Latin reading (one model's language share at
        // most) and the top-level domain off a reading: what can bring a reading's cost down.
        let latin_slack = (0..MODELS)
            .filter(|&m| SINGLE_BYTE_MODELS[m].latin)
            .map(|m| language[m])
            .max()
            .unwrap_or(0);
        let mut margins = [0i64; MODELS];
        for (margin, model) in margins.iter_mut().zip(&SINGLE_BYTE_MODELS) {
            let bonus = if listing.bonus.contains(&model.name) {
                TLD_BONUS
            } else {
                0
            };
            *margin = (LISTED_WITHIN + bonus + if model.latin { latin_slack } else { 0 }) as i64;
        }
        let margin = |i: usize| margins[model_of(i)];
        let least = |p: &Priced, i: usize| p.cost[i] + p.rest[i] + least_prior[i];
        let mut bound = listing.rival.min(i64::MAX as u64) as i64;
        if let Some(best) = roots().min_by_key(|&i| least(&p, i)) {
            p.until(best, n);
            bound = bound.min(least(&p, best));
        }
        for i in roots() {
            while p.priced[i] < n && least(&p, i) <= bound.saturating_add(margin(i)) {
                p.until(i, n.min(p.priced[i] + PRICED_AT_ONCE));
            }
            if p.priced[i] == n {
                bound = bound.min(least(&p, i));
            }
        }
        // A reading left part-priced cost more than the bound then, which is no less than now:
        // it is not listed. Nor is a Latin one, and then the shift does not matter.
        listable_latin =
            (0..N).any(|k| whole_latin(&p, k) && cost_of(&p, k) <= bound.saturating_add(margin(k)));
        if listable_latin {
            // A reading left part-priced that could be the cheapest Latin one, with or without
            // its language share, is priced whole.
            let (with, without) = latin_least(&p);
            for k in 0..N {
                let least = cost_of(&p, k) + p.rest[root[k]];
                if latin(k)
                    && !whole_latin(&p, k)
                    && (least <= with || least - language[model_of(k)] as i64 <= without)
                {
                    p.until(root[k], n);
                }
            }
        }
    }
    let mut costs = Costs {
        cost: [0; N],
        whole: [false; N],
        shift: 0,
    };
    let mut least = (i64::MAX, i64::MAX);
    for (k, c) in all.iter().enumerate() {
        let r = root[k];
        let (cost, whole) = (p.cost[r] + prior(k) - prior(r), p.priced[r] == n);
        (costs.cost[k], costs.whole[k]) = (cost, whole);
        if whole && latin(k) {
            least = lower(least, cost, language[c.model as usize]);
        }
    }
    if listable_latin && least.0 != i64::MAX {
        costs.shift = least.0 - least.1;
    }
    costs
}

/// `least`, the cheapest Latin cost with and without its language share, with a Latin reading
/// of this `cost` and `share` among them.
fn lower(least: (i64, i64), cost: i64, share: u64) -> (i64, i64) {
    (least.0.min(cost), least.1.min(cost - share as i64))
}

/// Whether two candidates whose bytes above ASCII read apart are `differ` (a `Twin`'s) read the
/// bytes of `present` (a set of offsets from 0x80) alike.
fn alike(differ: &[u64; 2], present: &[u64; 2]) -> bool {
    differ[0] & present[0] | differ[1] & present[1] == 0
}

/// Whether candidates `a` and `b` (indices into `SINGLE_BYTE_CANDIDATES`) are of the same model
/// and read every byte of `present` (a set of offsets from 0x80) as the same class: their pairs
/// cost the same.
pub(super) fn read_alike(a: usize, b: usize, present: &[u64; 2]) -> bool {
    let (first, last) = (a.min(b), a.max(b));
    a == b
        || twins()[last]
            .iter()
            .any(|(j, differ)| *j == first && alike(differ, present))
}

/// An earlier candidate of the same model, and the bytes above ASCII the two read apart.
type Twin = (usize, [u64; 2]);

/// For each single-byte candidate, the earlier candidates of the same model, each with the bytes
/// above ASCII (a set of their offsets from 0x80) the two read as different classes: where the
/// input has none of those, the two readings' pairs cost the same. Computed on first use.
fn twins() -> &'static [Vec<Twin>] {
    static TWINS: OnceBox<Vec<Vec<Twin>>> = OnceBox::new();
    TWINS.get_or_init(|| {
        let all = &SINGLE_BYTE_CANDIDATES;
        let twins = (0..all.len())
            .map(|i| {
                (0..i)
                    .filter(|&j| all[j].model == all[i].model)
                    .map(|j| {
                        let mut differ = [0u64; 2];
                        for b in 0..128 {
                            if all[i].high[b] != all[j].high[b] {
                                differ[b / 64] |= 1 << (b % 64);
                            }
                        }
                        (j, differ)
                    })
                    .collect()
            })
            .collect();
        Box::new(twins)
    })
}
