//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm
//! with dual variables (Edmonds 1965; the O(n³) organisation of Galil
//! 1986, "Efficient algorithms for finding maximum matching in graphs"),
//! on a dense weight matrix: the graphs here have at most 65 vertices.
//!
//! Vertices are `1..=n` inside (0 is "none"); blossoms take the numbers
//! `n + 1..=2n`. Every edge weight is doubled in the slack
//! (`dual[u] + dual[v] − 2w`) so the duals stay whole numbers.

/// An edge as the algorithm keeps it: between original vertices `u` and
/// `v` (for a blossom, the edge that realises its best connection).
#[derive(Debug, Clone, Copy, Default)]
struct Edge {
    u: usize,
    v: usize,
    w: i64,
}

struct Blossoms {
    n: usize,
    /// Vertices and blossoms in use: `1..=used`.
    used: usize,
    e: Vec<Vec<Edge>>,
    dual: Vec<i64>,
    mate: Vec<usize>,
    /// For each vertex or blossom, the vertex whose edge is the least
    /// slack one to an S-blossom (0: none).
    slack: Vec<usize>,
    /// The outermost blossom holding each vertex or blossom.
    top: Vec<usize>,
    /// Where each S-vertex was reached from (the T side's vertex).
    parent: Vec<usize>,
    /// For blossom `b` and vertex `x` inside it: the sub-blossom of `b`
    /// that holds `x`.
    from: Vec<Vec<usize>>,
    /// -1 unlabelled, 0 an S (outer) label, 1 a T (inner) label.
    label: Vec<i8>,
    seen: Vec<u64>,
    stamp: u64,
    /// The sub-blossoms of each blossom, in cycle order from its base.
    members: Vec<Vec<usize>>,
    queue: std::collections::VecDeque<usize>,
}

impl Blossoms {
    fn slack_of(&self, e: Edge) -> i64 {
        self.dual[e.u] + self.dual[e.v] - e.w * 2
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        let s = self.slack[x];
        if s == 0 || self.slack_of(self.e[u][x]) < self.slack_of(self.e[s][x]) {
            self.slack[x] = u;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.e[u][x].w > 0 && self.top[u] != x && self.label[self.top[u]] == 0 {
                self.update_slack(u, x);
            }
        }
    }

    fn push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for i in 0..self.members[x].len() {
                let y = self.members[x][i];
                self.push(y);
            }
        }
    }

    fn set_top(&mut self, x: usize, b: usize) {
        self.top[x] = b;
        if x > self.n {
            for i in 0..self.members[x].len() {
                let y = self.members[x][i];
                self.set_top(y, b);
            }
        }
    }

    /// The position of sub-blossom `xr` in `b`'s cycle, turning the cycle
    /// round so the path from the base to it has even length.
    fn even_position(&mut self, b: usize, xr: usize) -> usize {
        let at = self.members[b]
            .iter()
            .position(|&x| x == xr)
            .expect("a sub-blossom of the blossom");
        if at % 2 == 1 {
            self.members[b][1..].reverse();
            self.members[b].len() - at
        } else {
            at
        }
    }

    /// Matches `u` along its edge towards `v`, re-basing blossom `u`.
    fn set_mate(&mut self, u: usize, v: usize) {
        self.mate[u] = self.e[u][v].v;
        if u <= self.n {
            return;
        }
        let xr = self.from[u][self.e[u][v].u];
        let pr = self.even_position(u, xr);
        for i in 0..pr {
            let (a, z) = (self.members[u][i], self.members[u][i ^ 1]);
            self.set_mate(a, z);
        }
        self.set_mate(xr, v);
        self.members[u].rotate_left(pr);
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let next = self.top[self.mate[u]];
            self.set_mate(u, v);
            if next == 0 {
                return;
            }
            let back = self.top[self.parent[next]];
            self.set_mate(next, back);
            u = back;
            v = next;
        }
    }

    /// The nearest common S-blossom of the trees' paths from `u` and `v`
    /// (0 when they are in different trees: an augmenting path).
    fn common(&mut self, mut u: usize, mut v: usize) -> usize {
        self.stamp += 1;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.seen[u] == self.stamp {
                    return u;
                }
                self.seen[u] = self.stamp;
                u = self.top[self.mate[u]];
                if u != 0 {
                    u = self.top[self.parent[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, base: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.used && self.top[b] != 0 {
            b += 1;
        }
        if b > self.used {
            self.used += 1;
        }
        self.dual[b] = 0;
        self.label[b] = 0;
        self.mate[b] = self.mate[base];
        self.members[b].clear();
        self.members[b].push(base);
        for (start, reverse) in [(u, true), (v, false)] {
            let mut x = start;
            let from_len = self.members[b].len();
            while x != base {
                self.members[b].push(x);
                let y = self.top[self.mate[x]];
                self.members[b].push(y);
                self.push(y);
                x = self.top[self.parent[y]];
            }
            if reverse {
                self.members[b][from_len..].reverse();
            }
        }
        self.set_top(b, b);
        for x in 1..=self.used {
            self.e[b][x].w = 0;
            self.e[x][b].w = 0;
        }
        for x in 1..=self.n {
            self.from[b][x] = 0;
        }
        for i in 0..self.members[b].len() {
            let xs = self.members[b][i];
            for x in 1..=self.used {
                if self.e[b][x].w == 0 || self.slack_of(self.e[xs][x]) < self.slack_of(self.e[b][x])
                {
                    self.e[b][x] = self.e[xs][x];
                    self.e[x][b] = self.e[x][xs];
                }
            }
            for x in 1..=self.n {
                if self.from[xs][x] != 0 {
                    self.from[b][x] = xs;
                }
            }
        }
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        for i in 0..self.members[b].len() {
            let xs = self.members[b][i];
            self.set_top(xs, xs);
        }
        let xr = self.from[b][self.e[b][self.parent[b]].u];
        let pr = self.even_position(b, xr);
        let mut i = 0;
        while i < pr {
            let (xs, xns) = (self.members[b][i], self.members[b][i + 1]);
            self.parent[xs] = self.e[xns][xs].u;
            self.label[xs] = 1;
            self.label[xns] = 0;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.push(xns);
            i += 2;
        }
        self.label[xr] = 1;
        self.parent[xr] = self.parent[b];
        for i in pr + 1..self.members[b].len() {
            let xs = self.members[b][i];
            self.label[xs] = -1;
            self.set_slack(xs);
        }
        self.top[b] = 0;
    }

    /// A tight edge from an S-vertex: grows the tree, makes a blossom, or
    /// (true) augments.
    fn found(&mut self, e: Edge) -> bool {
        let (u, v) = (self.top[e.u], self.top[e.v]);
        if self.label[v] == -1 {
            self.parent[v] = e.u;
            self.label[v] = 1;
            let nu = self.top[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.label[nu] = 0;
            self.push(nu);
        } else if self.label[v] == 0 {
            let base = self.common(u, v);
            if base == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, base, v);
        }
        false
    }

    /// One stage: grows alternating trees from every free vertex, changing
    /// the duals, until a path augments (true) or no gain is left.
    fn stage(&mut self) -> bool {
        for x in 1..=self.used {
            self.label[x] = -1;
            self.slack[x] = 0;
        }
        self.queue.clear();
        for x in 1..=self.used {
            if self.top[x] == x && self.mate[x] == 0 {
                self.parent[x] = 0;
                self.label[x] = 0;
                self.push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.top[u]] == 1 {
                    continue;
                }
                for v in 1..=self.n {
                    if self.e[u][v].w > 0 && self.top[u] != self.top[v] {
                        if self.slack_of(self.e[u][v]) == 0 {
                            if self.found(self.e[u][v]) {
                                return true;
                            }
                        } else {
                            let tv = self.top[v];
                            self.update_slack(u, tv);
                        }
                    }
                }
            }
            let mut d = i64::MAX;
            for b in self.n + 1..=self.used {
                if self.top[b] == b && self.label[b] == 1 {
                    d = d.min(self.dual[b] / 2);
                }
            }
            for x in 1..=self.used {
                let s = self.slack[x];
                if self.top[x] == x && s != 0 {
                    match self.label[x] {
                        -1 => d = d.min(self.slack_of(self.e[s][x])),
                        0 => d = d.min(self.slack_of(self.e[s][x]) / 2),
                        _ => {}
                    }
                }
            }
            // An S-vertex's dual may fall to zero and no further.
            for u in 1..=self.n {
                if self.label[self.top[u]] == 0 {
                    d = d.min(self.dual[u]);
                }
            }
            for u in 1..=self.n {
                match self.label[self.top[u]] {
                    0 => {
                        // A free vertex's dual reached zero: nothing more
                        // to gain.
                        if self.dual[u] <= d {
                            return false;
                        }
                        self.dual[u] -= d;
                    }
                    1 => self.dual[u] += d,
                    _ => {}
                }
            }
            for b in self.n + 1..=self.used {
                if self.top[b] == b {
                    match self.label[b] {
                        0 => self.dual[b] += d * 2,
                        1 => self.dual[b] -= d * 2,
                        _ => {}
                    }
                }
            }
            self.queue.clear();
            for x in 1..=self.used {
                let s = self.slack[x];
                if self.top[x] == x
                    && s != 0
                    && self.top[s] != x
                    && self.slack_of(self.e[s][x]) == 0
                    && self.found(self.e[s][x])
                {
                    return true;
                }
            }
            for b in self.n + 1..=self.used {
                if self.top[b] == b && self.label[b] == 1 && self.dual[b] == 0 {
                    self.expand_blossom(b);
                }
            }
        }
    }
}

/// A matching of greatest total weight among `n` vertices (`0..n`), with
/// `edges` as (a, b, weight > 0); absent pairs cannot be matched. Returns
/// each vertex's mate. Add a constant larger than any sum of weights to
/// every edge to ask for the most edges first.
pub fn max_weight_matching(n: usize, edges: &[(usize, usize, i64)]) -> Vec<Option<usize>> {
    let size = 2 * n + 1;
    let e: Vec<Vec<Edge>> = (0..size)
        .map(|u| (0..size).map(|v| Edge { u, v, w: 0 }).collect())
        .collect();
    let mut e = e;
    let mut heaviest = 0;
    for &(a, b, w) in edges {
        if a == b || a >= n || b >= n || w <= 0 {
            continue;
        }
        let (u, v) = (a + 1, b + 1);
        if w > e[u][v].w {
            e[u][v].w = w;
            e[v][u].w = w;
        }
        heaviest = heaviest.max(w);
    }
    let mut from = vec![vec![0; n + 1]; size];
    for (u, row) in from.iter_mut().enumerate().take(n + 1).skip(1) {
        row[u] = u;
    }
    let mut m = Blossoms {
        n,
        used: n,
        e,
        dual: vec![0; size],
        mate: vec![0; size],
        slack: vec![0; size],
        top: (0..size).map(|x| if x <= n { x } else { 0 }).collect(),
        parent: vec![0; size],
        from,
        label: vec![-1; size],
        seen: vec![0; size],
        stamp: 0,
        members: vec![Vec::new(); size],
        queue: std::collections::VecDeque::new(),
    };
    for u in 1..=n {
        m.dual[u] = heaviest;
    }
    while m.stage() {}
    (1..=n)
        .map(|u| (m.mate[u] != 0).then(|| m.mate[u] - 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The best total weight by trying every matching.
    fn brute(n: usize, w: &[Vec<i64>], used: u32) -> i64 {
        let Some(a) = (0..n).find(|&a| used & (1 << a) == 0) else {
            return 0;
        };
        // `a` unmatched, or matched with any later free vertex.
        let mut best = brute(n, w, used | 1 << a);
        for b in a + 1..n {
            if used & (1 << b) == 0 && w[a][b] > 0 {
                best = best.max(w[a][b] + brute(n, w, used | 1 << a | 1 << b));
            }
        }
        best
    }

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn the_matching_is_as_heavy_as_the_best_of_all_on_random_graphs() {
        let mut rng = StdRng::seed_from_u64(11);
        for case in 0..3000 {
            let n = rng.gen_range(1..=10);
            let density = rng.gen_range(0.2..1.0);
            let top = if case % 3 == 0 { 5 } else { 1000 };
            let mut w = vec![vec![0i64; n]; n];
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.gen_bool(density) {
                        let weight = rng.gen_range(1..=top);
                        w[a][b] = weight;
                        w[b][a] = weight;
                        edges.push((a, b, weight));
                    }
                }
            }
            let mates = max_weight_matching(n, &edges);
            let mut total = 0;
            for (a, mate) in mates.iter().enumerate() {
                if let Some(b) = *mate {
                    assert_eq!(mates[b], Some(a), "case {case}: mates agree");
                    assert!(w[a][b] > 0, "case {case}: only edges are matched");
                    if a < b {
                        total += w[a][b];
                    }
                }
            }
            assert_eq!(total, brute(n, &w, 0), "case {case}: n {n}, {edges:?}");
        }
    }

    #[test]
    fn a_blossom_is_found_and_opened_again() {
        // A triangle 0-1-2 (an odd cycle: a blossom) with tails 2-3 and
        // 0-4. By hand: 0-4 + 1-2 = 11, 0-1 + 2-3 = 10, 0-4 + 2-3 = 12
        // (1 left out), the best.
        let edges = [(0, 1, 3), (1, 2, 6), (0, 2, 4), (2, 3, 7), (0, 4, 5)];
        let mates = max_weight_matching(5, &edges);
        assert_eq!(mates[0], Some(4));
        assert_eq!(mates[2], Some(3));
        assert_eq!(mates[1], None);
    }
}
