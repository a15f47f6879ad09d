//! Which single-byte readings a guess prices whole. A guess lists only the readings within
//! `LISTED_WITHIN` bits of the cheapest, so a reading that cannot come that close need not be
//! priced to the end:
//! - a candidate that reads every byte of the input above ASCII as an earlier candidate of the
//!   same model does costs what that one costs, but for the prior (`twins`);
//! - a reading's cost is bounded below by its cost so far and a floor of its pairs not yet priced
//!   (`ByteTables::floors`); the reading with the lowest bound is priced whole first, then the
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

use super::single_byte::{byte_tables, ByteTables, HighPairs, PairCounts};
use super::statistics::{SINGLE_BYTE_CANDIDATES, SINGLE_BYTE_MODELS};
use super::{tld_bonus, LISTED_WITHIN};

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

/// A root: a candidate whose pairs are priced for its twins and itself.
#[derive(Clone, Copy)]
struct Root {
    /// Its index into `SINGLE_BYTE_CANDIDATES`, its model, whether that is Latin, its prior.
    candidate: u8,
    model: u8,
    latin: bool,
    prior: i64,
    /// Its cost so far, the floor of its pairs not yet priced (where bounded, else 0), and how
    /// many of the input's high pairs are priced.
    cost: i64,
    rest: i64,
    priced: usize,
    /// The least of its readings' priors less its own: its cheapest reading costs that more.
    least_prior: i64,
    /// How far above the bound its least cost may be and still be listed.
    margin: i64,
}

impl Root {
    const NONE: Root = Root {
        candidate: 0,
        model: 0,
        latin: false,
        prior: 0,
        cost: 0,
        rest: 0,
        priced: 0,
        least_prior: 0,
        margin: 0,
    };

    /// Prices its pairs of `high` up to `to`, bounded (the floor of the rest kept) or not.
    fn until(&mut self, tables: &ByteTables, high: &HighPairs, to: usize, bounded: bool) {
        let (cost, floor) = tables.cost(self.candidate as usize, high, self.priced, to);
        self.cost += cost as i64;
        if bounded {
            self.rest -= floor as i64;
        }
        self.priced = to;
    }

    /// Its cheapest reading's cost so far: its own, with the least prior of its readings.
    fn cheapest(&self) -> i64 {
        self.cost + self.least_prior
    }

    /// The least cost its cheapest reading can come to: its cost so far and the floor of the
    /// rest.
    fn least(&self) -> i64 {
        self.cheapest() + self.rest
    }
}

/// Prices the single-byte readings of the input counted in `pairs` (its pairs with a byte above
/// ASCII in `high`), whose ASCII costs `ascii` bits in each model (`language`: the part of it
/// that is language), every one whole or, with a `listing`, those a guess may list.
pub(super) fn price(
    pairs: &PairCounts,
    high: &HighPairs,
    ascii: &[u64; MODELS],
    language: &[u64; MODELS],
    listing: Option<Listing<'_>>,
) -> Costs {
    let n = high.len();
    let all = &SINGLE_BYTE_CANDIDATES;
    let prior = |i: usize| all[i].prior as i64;
    let listing = listing.filter(|_| n > BOUNDED_FROM);
    let bounded = listing.is_some();
    let tables = byte_tables();
    // Each reading's root (its place among the roots): the root of the first twin it reads the
    // input alike with, or itself.
    let mut roots = [Root::NONE; N];
    let mut count = 0;
    let mut root_of = [0u8; N];
    for (i, twins) in twins().iter().enumerate() {
        match twins
            .iter()
            .find(|(_, differ)| alike(differ, &high.present))
        {
            Some(&(twin, _)) => {
                let root = &mut roots[root_of[twin] as usize];
                root_of[i] = root_of[twin];
                root.least_prior = root.least_prior.min(prior(i) - root.prior);
            }
            None => {
                let c = &all[i];
                let model = &SINGLE_BYTE_MODELS[c.model as usize];
                root_of[i] = count as u8;
                roots[count] = Root {
                    candidate: i as u8,
                    model: c.model,
                    latin: model.latin,
                    prior: prior(i),
                    // Its ASCII, prior and line starts first.
                    cost: (ascii[c.model as usize] + c.prior as u64) as i64 + pairs.start_change(c),
                    ..Root::NONE
                };
                count += 1;
            }
        }
    }
    let roots = &mut roots[..count];
    // Then the floor of the rest (bounded) or the rest (not).
    if bounded {
        tables.floors(high, |i, floor| {
            let root = &mut roots[root_of[i] as usize];
            if root.candidate as usize == i {
                root.rest = floor as i64;
            }
        });
    } else {
        for root in roots.iter_mut() {
            root.until(tables, high, n, false);
        }
    }
    // A root's readings share its model, and the cheapest of them costs `least_prior` more than
    // the root: each test below of a root's readings is one of that cheapest one.
    let whole_latin = |root: &Root| root.latin && root.priced == n;
    // The cheapest Latin reading's cost priced whole, with and without its language share.
    let latin_least = |roots: &[Root]| {
        roots
            .iter()
            .filter(|root| whole_latin(root))
            .fold((i64::MAX, i64::MAX), |least, root| {
                let share = language[root.model as usize];
                lower(least, root.cheapest(), share)
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
        for root in roots.iter_mut() {
            let bonus = tld_bonus(listing.bonus, SINGLE_BYTE_MODELS[root.model as usize].name);
            root.margin = (LISTED_WITHIN + bonus + if root.latin { latin_slack } else { 0 }) as i64;
        }
        let mut bound = listing.rival.min(i64::MAX as u64) as i64;
        if let Some(best) = roots.iter_mut().min_by_key(|root| root.least()) {
            best.until(tables, high, n, true);
            bound = bound.min(best.least());
        }
        for root in roots.iter_mut() {
            while root.priced < n && root.least() <= bound.saturating_add(root.margin) {
                root.until(tables, high, n.min(root.priced + PRICED_AT_ONCE), true);
            }
            if root.priced == n {
                bound = bound.min(root.least());
            }
        }
        // A reading left part-priced cost more than the bound then, which is no less than now:
        // it is not listed. Nor is a Latin one, and then the shift does not matter.
        listable_latin = roots
            .iter()
            .any(|root| whole_latin(root) && root.cheapest() <= bound.saturating_add(root.margin));
        if listable_latin {
            // A reading left part-priced that could be the cheapest Latin one, with or without
            // its language share, is priced whole.
            let (with, without) = latin_least(roots);
            for root in roots.iter_mut() {
                let least = root.least();
                let share = language[root.model as usize] as i64;
                if root.latin && root.priced < n && (least <= with || least - share <= without) {
                    root.until(tables, high, n, true);
                }
            }
        }
    }
    let mut costs = Costs {
        cost: [0; N],
        whole: [false; N],
        shift: 0,
    };
    for (k, &j) in root_of.iter().enumerate() {
        let root = &roots[j as usize];
        costs.cost[k] = root.cost + prior(k) - root.prior;
        costs.whole[k] = root.priced == n;
    }
    if listable_latin {
        let least = latin_least(roots);
        if least.0 != i64::MAX {
            costs.shift = least.0 - least.1;
        }
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
