/**
 * Building blocks for the rendered scenes: room shells (brick, wood floors, polished concrete, beams,
 * steel windows with sunlight), furniture, lamps, plants and soft human silhouettes.
 */
import {
  billboard,
  bounds,
  box,
  contactShadow,
  depthOf,
  hex,
  line3,
  mix,
  pathPoly,
  planeTransform,
  poly,
  projectPoly,
  pxPerM,
  rgba,
  scale,
  vary,
  type P2,
  type RGB,
  type Scene,
  type V3,
} from "./engine.ts";

// ---------------------------------------------------------------- palette

export const C = {
  brick: hex("#9a4a32"),
  brickDark: hex("#6e3322"),
  brickLight: hex("#b8674a"),
  mortar: hex("#b9a894"),
  oak: hex("#b07a4a"),
  walnut: hex("#6b4428"),
  pine: hex("#c99a64"),
  steel: hex("#2b2d30"),
  concrete: hex("#a39a90"),
  plaster: hex("#e8e0d4"),
  white: hex("#f2ede6"),
  teal: hex("#0f4c5c"),
  tealLight: hex("#2d7384"),
  amber: hex("#e0a458"),
  rust: hex("#b5562f"),
  olive: hex("#6f7a45"),
  cream: hex("#e9dcc4"),
  charcoal: hex("#34312e"),
  leather: hex("#8a5232"),
  navy: hex("#2c3a52"),
  leaf: hex("#3f6b35"),
  leafLight: hex("#6f9a4a"),
};

export const SKIN: RGB[] = [
  hex("#e2b898"),
  hex("#c99670"),
  hex("#a8744e"),
  hex("#7f5436"),
  hex("#5a3a26"),
  hex("#d8aa86"),
];
export const CLOTHES: RGB[] = [
  C.navy,
  C.rust,
  C.olive,
  hex("#5b6770"),
  C.cream,
  hex("#2f2f33"),
  C.teal,
  hex("#7a4a5a"),
  hex("#c9b48a"),
  hex("#46566b"),
];
export const HAIR: RGB[] = [
  hex("#2a1d14"),
  hex("#4a3020"),
  hex("#161210"),
  hex("#7a5a3a"),
  hex("#b8a078"),
  hex("#8a8680"),
];

// ---------------------------------------------------------------- room shell

export interface Room {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  h: number;
}

export interface Opening {
  /** Offsets along the wall (metres from its start) and heights. */
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

export interface Wall {
  origin: V3;
  u: V3;
  len: number;
  height: number;
}

export function leftWall(r: Room): Wall {
  return { origin: [r.x0, 0, r.z0], u: [0, 0, 1], len: r.z1 - r.z0, height: r.h };
}
export function rightWall(r: Room): Wall {
  return { origin: [r.x1, 0, r.z0], u: [0, 0, 1], len: r.z1 - r.z0, height: r.h };
}
export function backWall(r: Room): Wall {
  return { origin: [r.x0, 0, r.z1], u: [1, 0, 0], len: r.x1 - r.x0, height: r.h };
}

export function wallPoint(w: Wall, a: number, b: number): V3 {
  return [w.origin[0] + w.u[0] * a, w.origin[1] + b, w.origin[2] + w.u[2] * a];
}

function wallQuad(w: Wall, a0: number, a1: number, b0: number, b1: number): V3[] {
  return [wallPoint(w, a0, b0), wallPoint(w, a1, b0), wallPoint(w, a1, b1), wallPoint(w, a0, b1)];
}

/** Plain painted or plastered wall with a soft vertical light falloff. */
export function plainWall(s: Scene, w: Wall, color: RGB, o: { light?: number; layer?: number } = {}): void {
  const mid = wallPoint(w, w.len / 2, w.height / 2);
  const d = depthOf(s.cam, mid);
  const c = s.hazeAt(color, d);
  const light = o.light ?? 1;
  poly(
    s,
    wallQuad(w, 0, w.len, 0, w.height),
    (ctx, p) => {
      const b = bounds(p);
      const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      g.addColorStop(0, rgba(scale(c, 0.78 * light)));
      g.addColorStop(0.55, rgba(scale(c, 1.0 * light)));
      g.addColorStop(1, rgba(scale(c, 0.82 * light)));
      return g;
    },
    { layer: o.layer ?? 1, depth: d },
  );
}

/** A brick wall with openings left as holes (windows are drawn separately). */
export function brickWall(
  s: Scene,
  w: Wall,
  openings: Opening[] = [],
  o: { color?: RGB; light?: number; painted?: RGB; patchy?: number } = {},
): void {
  const rng = s.rng;
  const base = o.painted ?? o.color ?? C.brick;
  const light = o.light ?? 1;
  const mortar = o.painted ? scale(o.painted, 0.92) : C.mortar;
  const courseH = 0.077;
  const brickL = 0.225;
  const cam = s.cam;
  const mid = wallPoint(w, w.len / 2, w.height / 2);
  const dMid = depthOf(cam, mid);
  const avg = mix(base, mortar, 0.18);
  // Base (reads as the average colour at a distance).
  poly(
    s,
    wallQuad(w, 0, w.len, 0, w.height),
    (ctx, p) => {
      const b = bounds(p);
      const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      const c = s.hazeAt(avg, dMid);
      g.addColorStop(0, rgba(scale(c, 0.7 * light)));
      g.addColorStop(0.6, rgba(scale(c, 0.95 * light)));
      g.addColorStop(1, rgba(scale(c, 0.8 * light)));
      return g;
    },
    { layer: 1, depth: dMid },
  );
  const bricks: { p: P2[]; c: string }[] = [];
  const rows = Math.floor(w.height / courseH);
  const cols = Math.ceil(w.len / brickL) + 1;
  const inOpening = (a: number, b: number) =>
    openings.some((op) => a > op.a0 - 0.05 && a < op.a1 + 0.05 && b > op.b0 - 0.05 && b < op.b1 + 0.05);
  for (let r = 0; r < rows; r++) {
    const b0 = r * courseH;
    const b1 = b0 + courseH - 0.011;
    const off = r % 2 === 0 ? 0 : brickL / 2;
    // Skip whole rows that are too small on screen.
    const probe = wallPoint(w, w.len / 2, b0);
    const k = pxPerM(s, probe);
    for (let i = -1; i < cols; i++) {
      const a0 = i * brickL + off;
      const a1 = a0 + brickL - 0.011;
      if (a1 < 0 || a0 > w.len) continue;
      const ca = Math.max(0, a0);
      const cb = Math.min(w.len, a1);
      if (inOpening((ca + cb) / 2, (b0 + b1) / 2)) continue;
      const pt = wallPoint(w, (ca + cb) / 2, b0);
      const kk = w.u[2] !== 0 ? pxPerM(s, pt) : k;
      if (kk * courseH < 2.2) continue;
      const p = projectPoly(cam, wallQuad(w, ca, cb, b0, b1));
      if (!p) continue;
      const d = depthOf(cam, pt);
      let c = vary(rng, base, 0.12);
      if (!o.painted && rng.chance(0.08)) c = mix(c, rng.pick([C.brickDark, C.brickLight, hex("#7d5040")]), 0.6);
      if (o.patchy && rng.chance(o.patchy)) c = mix(c, C.plaster, rng.range(0.3, 0.7));
      const vshade = 0.72 + 0.28 * Math.sin(Math.min(1, b0 / w.height) * Math.PI * 0.85 + 0.25);
      c = scale(s.hazeAt(c, d), vshade * light);
      const fade = Math.min(1, (kk * courseH - 2.2) / 3);
      bricks.push({ p, c: rgba(c, 0.35 + 0.65 * fade) });
    }
  }
  s.add({
    layer: 1,
    depth: dMid,
    draw: (ctx) => {
      for (const br of bricks) {
        pathPoly(ctx, br.p);
        ctx.fillStyle = br.c;
        ctx.fill();
      }
    },
  });
}

export interface WindowOpts {
  cols: number;
  rows: number;
  frame?: RGB;
  /** Exterior: sky top and bottom colours, tree band. */
  sky?: [RGB, RGB];
  trees?: boolean;
  brightness?: number;
  arch?: boolean;
  /** Sunlight direction (x, y, z) for light pools on the floor; null for none. */
  sun?: V3 | null;
  sunColor?: RGB;
  sunStrength?: number;
  shafts?: number;
  floorGloss?: number;
  room?: Room;
  /** Strength of the window's bloom (default 0.9). */
  glow?: number;
}

/** A steel-framed factory window in a wall, with sunlight pools, shafts and floor reflections. */
export function steelWindow(s: Scene, w: Wall, op: Opening, o: WindowOpts): void {
  const cam = s.cam;
  const frame = o.frame ?? hex("#1e2022");
  const sky = o.sky ?? [hex("#f6efe2"), hex("#fff8ec")];
  const bright = o.brightness ?? 1;
  const quad = wallQuad(w, op.a0, op.a1, op.b0, op.b1);
  const p = projectPoly(cam, quad);
  if (!p) return;
  const d = depthOf(cam, wallPoint(w, (op.a0 + op.a1) / 2, (op.b0 + op.b1) / 2));
  const rng = s.rng;
  const treeBlobs: { a: number; b: number; r: number; c: RGB }[] = [];
  if (o.trees) {
    for (let i = 0; i < 14; i++) {
      treeBlobs.push({
        a: rng(),
        b: rng.range(0.0, 0.45),
        r: rng.range(0.12, 0.3),
        c: mix(C.leafLight, hex("#c9d7a0"), rng.range(0.2, 0.8)),
      });
    }
  }
  const grid: [P2, P2][] = [];
  const seg = (a0: number, b0: number, a1: number, b1: number) => {
    const pp = projectPoly(cam, [wallPoint(w, a0, b0), wallPoint(w, a1, b1), wallPoint(w, a1, b1)]);
    if (pp) grid.push([pp[0]!, pp[1]!]);
  };
  for (let i = 0; i <= o.cols; i++) {
    const a = op.a0 + ((op.a1 - op.a0) * i) / o.cols;
    seg(a, op.b0, a, op.b1);
  }
  for (let j = 0; j <= o.rows; j++) {
    const b = op.b0 + ((op.b1 - op.b0) * j) / o.rows;
    seg(op.a0, b, op.a1, b);
  }
  const k = pxPerM(s, wallPoint(w, (op.a0 + op.a1) / 2, (op.b0 + op.b1) / 2));
  const paint = (ctx: CanvasRenderingContext2D, glow: boolean) => {
    const b = bounds(p);
    ctx.save();
    pathPoly(ctx, p);
    ctx.clip();
    const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
    g.addColorStop(0, rgba(scale(sky[0], bright)));
    g.addColorStop(1, rgba(scale(sky[1], bright)));
    ctx.fillStyle = g;
    ctx.fillRect(b.x0 - 2, b.y0 - 2, b.x1 - b.x0 + 4, b.y1 - b.y0 + 4);
    if (!glow) {
      ctx.filter = `blur(${Math.max(2, (b.x1 - b.x0) * 0.02)}px)`;
      for (const t of treeBlobs) {
        ctx.fillStyle = rgba(scale(t.c, bright), 0.55);
        ctx.beginPath();
        const x = b.x0 + (b.x1 - b.x0) * t.a;
        const y = b.y1 - (b.y1 - b.y0) * t.b;
        ctx.ellipse(x, y, (b.x1 - b.x0) * t.r * 0.5, (b.y1 - b.y0) * t.r, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.filter = "none";
    }
    ctx.restore();
    if (!glow) {
      ctx.strokeStyle = rgba(frame);
      ctx.lineCap = "square";
      for (const [a, bb] of grid) {
        ctx.lineWidth = Math.max(1, k * 0.045);
        ctx.beginPath();
        ctx.moveTo(a[0], a[1]);
        ctx.lineTo(bb[0], bb[1]);
        ctx.stroke();
      }
      pathPoly(ctx, p);
      ctx.lineWidth = Math.max(1.5, k * 0.09);
      ctx.stroke();
    } else {
      ctx.strokeStyle = "#000";
      for (const [a, bb] of grid) {
        ctx.lineWidth = Math.max(1, k * 0.045);
        ctx.beginPath();
        ctx.moveTo(a[0], a[1]);
        ctx.lineTo(bb[0], bb[1]);
        ctx.stroke();
      }
    }
  };
  s.add({ layer: 1, depth: d, draw: (ctx) => paint(ctx, false) });
  const glowA = o.glow ?? 0.9;
  if (glowA > 0)
    s.addGlow((ctx) => {
      ctx.globalAlpha = glowA * bright;
      paint(ctx, true);
    });
  // Sill.
  const sill = wallQuad(w, op.a0 - 0.05, op.a1 + 0.05, op.b0 - 0.08, op.b0);
  poly(s, sill, rgba(s.hazeAt(hex("#6a5c50"), d)), { layer: 1, depth: d });

  // Reflection in a glossy floor.
  if (o.floorGloss && o.floorGloss > 0) {
    const mirror = quad.map((q) => [q[0], -q[1], q[2]] as V3);
    const mp = projectPoly(cam, mirror);
    const room = o.room;
    if (mp && room) {
      const floor = projectPoly(cam, [
        [room.x0, 0, room.z0],
        [room.x1, 0, room.z0],
        [room.x1, 0, room.z1],
        [room.x0, 0, room.z1],
      ]);
      s.add({
        layer: 2,
        depth: d,
        blur: 6,
        composite: "screen",
        alpha: o.floorGloss,
        draw: (ctx) => {
          if (floor) {
            pathPoly(ctx, floor);
            ctx.clip();
          }
          const b = bounds(mp);
          const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
          g.addColorStop(0, rgba(sky[1]));
          g.addColorStop(1, "rgba(0,0,0,0)");
          pathPoly(ctx, mp);
          ctx.fillStyle = g;
          ctx.fill();
        },
      });
    }
  }

  // Sunlight pools and shafts.
  if (o.sun) {
    const L = o.sun;
    const sunC = o.sunColor ?? hex("#ffd9a0");
    const strength = o.sunStrength ?? 0.55;
    for (let i = 0; i < o.cols; i++) {
      for (let j = 0; j < o.rows; j++) {
        const a0 = op.a0 + ((op.a1 - op.a0) * i) / o.cols + 0.03;
        const a1 = op.a0 + ((op.a1 - op.a0) * (i + 1)) / o.cols - 0.03;
        const b0 = op.b0 + ((op.b1 - op.b0) * j) / o.rows + 0.03;
        const b1 = op.b0 + ((op.b1 - op.b0) * (j + 1)) / o.rows - 0.03;
        const pane = wallQuad(w, a0, a1, b0, b1);
        const hit = pane.map((q) => {
          const t = -q[1] / L[1];
          return [q[0] + L[0] * t, 0.003, q[2] + L[2] * t] as V3;
        });
        const room = o.room;
        const hp = projectPoly(cam, hit);
        if (!hp) continue;
        const floor = room
          ? projectPoly(cam, [
              [room.x0, 0, room.z0],
              [room.x1, 0, room.z0],
              [room.x1, 0, room.z1],
              [room.x0, 0, room.z1],
            ])
          : null;
        const hd = depthOf(cam, hit[0]!);
        // The sun patch twice: a soft-light wash for colour, then a screen layer for brightness.
        const addSunPatch = (blur: number, composite: GlobalCompositeOperation, opacity: number) =>
          s.add({
            layer: 2,
            depth: hd,
            blur,
            composite,
            alpha: 1,
            draw: (ctx) => {
              if (floor) {
                pathPoly(ctx, floor);
                ctx.clip();
              }
              pathPoly(ctx, hp);
              ctx.fillStyle = rgba(sunC, opacity);
              ctx.fill();
            },
          });
        addSunPatch(3, "soft-light", Math.min(1, strength * 1.6));
        addSunPatch(4, "screen", strength * 0.45);
        if (o.shafts && o.shafts > 0) {
          const pp = projectPoly(cam, pane);
          if (pp) {
            const hull = convexHull([...pp, ...hp]);
            s.add({
              layer: 4,
              depth: hd,
              blur: 14,
              composite: "screen",
              alpha: o.shafts,
              draw: (ctx) => {
                const b = bounds(pp);
                const hb = bounds(hp);
                const g = ctx.createLinearGradient(
                  (b.x0 + b.x1) / 2,
                  (b.y0 + b.y1) / 2,
                  (hb.x0 + hb.x1) / 2,
                  (hb.y0 + hb.y1) / 2,
                );
                g.addColorStop(0, rgba(sunC, 0.32));
                g.addColorStop(1, rgba(sunC, 0.04));
                pathPoly(ctx, hull);
                ctx.fillStyle = g;
                ctx.fill();
              },
            });
          }
        }
      }
    }
  }
}

export function convexHull(points: P2[]): P2[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: P2, a: P2, b: P2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

/** Wide-plank wood floor running away from the camera. */
export function woodFloor(s: Scene, r: Room, color: RGB = C.oak, o: { plank?: number; gloss?: number } = {}): void {
  const rng = s.rng;
  const cam = s.cam;
  const floorPts: V3[] = [
    [r.x0, 0, r.z0],
    [r.x1, 0, r.z0],
    [r.x1, 0, r.z1],
    [r.x0, 0, r.z1],
  ];
  const dFar = depthOf(cam, [0, 0, r.z1]);
  poly(
    s,
    floorPts,
    (ctx, p) => {
      const b = bounds(p);
      const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      g.addColorStop(0, rgba(s.hazeAt(scale(color, 0.9), dFar)));
      g.addColorStop(1, rgba(scale(color, 0.72)));
      return g;
    },
    { layer: 1, depth: dFar },
  );
  const plankW = o.plank ?? 0.19;
  const planks: { p: P2[]; c: string }[] = [];
  const seams: [P2, P2][] = [];
  for (let x = r.x0; x < r.x1; x += plankW) {
    let z = r.z0 - rng.range(0, 2);
    while (z < r.z1) {
      const len = rng.range(1.2, 2.6);
      const za = Math.max(r.z0, z);
      const zb = Math.min(r.z1, z + len);
      if (zb > za) {
        const pts: V3[] = [
          [x + 0.004, 0.001, za + 0.004],
          [x + plankW - 0.004, 0.001, za + 0.004],
          [x + plankW - 0.004, 0.001, zb - 0.004],
          [x + 0.004, 0.001, zb - 0.004],
        ];
        const p = projectPoly(cam, pts);
        if (p) {
          const d = depthOf(cam, [x, 0, (za + zb) / 2]);
          const c = s.hazeAt(scale(vary(rng, color, 0.1), 0.78 + 0.16 * Math.min(1, d / 12)), d);
          planks.push({ p, c: rgba(c) });
        }
        const sp = projectPoly(cam, [
          [x, 0.001, zb],
          [x + plankW, 0.001, zb],
          [x + plankW, 0.001, zb],
        ]);
        if (sp && zb < r.z1) seams.push([sp[0]!, sp[1]!]);
      }
      z += len;
    }
  }
  s.add({
    layer: 1,
    depth: dFar,
    draw: (ctx) => {
      for (const pl of planks) {
        pathPoly(ctx, pl.p);
        ctx.fillStyle = pl.c;
        ctx.fill();
      }
      ctx.strokeStyle = "rgba(40,22,10,0.35)";
      ctx.lineWidth = Math.max(0.6, s.u * 0.9);
      for (const [a, b] of seams) {
        ctx.beginPath();
        ctx.moveTo(a[0], a[1]);
        ctx.lineTo(b[0], b[1]);
        ctx.stroke();
      }
    },
  });
}

/** Polished concrete: mottled, with saw-cut joints. */
export function concreteFloor(
  s: Scene,
  r: Room,
  color: RGB = C.concrete,
  o: { joints?: number; dusty?: boolean } = {},
): void {
  const rng = s.rng;
  const cam = s.cam;
  const floorPts: V3[] = [
    [r.x0, 0, r.z0],
    [r.x1, 0, r.z0],
    [r.x1, 0, r.z1],
    [r.x0, 0, r.z1],
  ];
  const dFar = depthOf(cam, [0, 0, r.z1]);
  const fp = projectPoly(cam, floorPts);
  if (!fp) return;
  const blots: { p: P2; rx: number; ry: number; c: string }[] = [];
  for (let i = 0; i < 40; i++) {
    const x = rng.range(r.x0, r.x1);
    const z = rng.range(r.z0, r.z1);
    const pp = projectPoly(cam, [
      [x, 0, z],
      [x, 0, z],
      [x, 0, z],
    ]);
    if (!pp) continue;
    const k = pxPerM(s, [x, 0, z]);
    const rad = rng.range(0.4, 1.6);
    const c = rng.chance(0.5) ? scale(color, rng.range(0.8, 0.92)) : scale(color, rng.range(1.04, 1.12));
    blots.push({ p: pp[0]!, rx: rad * k, ry: rad * k * 0.35, c: rgba(c, o.dusty ? 0.5 : 0.35) });
  }
  s.add({
    layer: 1,
    depth: dFar,
    draw: (ctx) => {
      pathPoly(ctx, fp);
      const b = bounds(fp);
      const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      g.addColorStop(0, rgba(s.hazeAt(color, dFar)));
      g.addColorStop(1, rgba(scale(color, 0.78)));
      ctx.fillStyle = g;
      ctx.fill();
      ctx.save();
      ctx.clip();
      ctx.filter = `blur(${Math.round(12 * s.u)}px)`;
      for (const bl of blots) {
        ctx.fillStyle = bl.c;
        ctx.beginPath();
        ctx.ellipse(bl.p[0], bl.p[1], bl.rx, bl.ry, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.restore();
    },
  });
  const j = o.joints ?? 3;
  for (let x = Math.ceil(r.x0 / j) * j; x < r.x1; x += j)
    line3(s, [x, 0.002, r.z0], [x, 0.002, r.z1], "rgba(60,50,40,0.25)", 0.01, { depthBias: 1000 });
}

/** Ceiling with exposed timber beams or steel trusses and optional ducts. */
export function ceiling(
  s: Scene,
  r: Room,
  o: { color?: RGB; beams?: "timber" | "steel" | "none"; spacing?: number; duct?: number[] } = {},
): void {
  const color = o.color ?? hex("#3a332d");
  const dFar = depthOf(s.cam, [0, r.h, r.z1]);
  poly(
    s,
    [
      [r.x0, r.h, r.z0],
      [r.x0, r.h, r.z1],
      [r.x1, r.h, r.z1],
      [r.x1, r.h, r.z0],
    ],
    (ctx, p) => {
      const b = bounds(p);
      const g = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      g.addColorStop(0, rgba(scale(color, 0.65)));
      g.addColorStop(1, rgba(s.hazeAt(color, dFar)));
      return g;
    },
    { layer: 1, depth: dFar },
  );
  const beams = o.beams ?? "timber";
  const spacing = o.spacing ?? 2.4;
  if (beams !== "none") {
    for (let z = r.z0 + spacing * 0.6; z < r.z1; z += spacing) {
      if (beams === "timber") box(s, r.x0, r.h - 0.32, z, r.x1, r.h, z + 0.22, hex("#7a5232"), { edge: 0.03 });
      else {
        box(s, r.x0, r.h - 0.06, z, r.x1, r.h - 0.0, z + 0.16, C.steel, { edge: 0.02 });
        box(s, r.x0, r.h - 0.55, z + 0.06, r.x1, r.h - 0.5, z + 0.1, C.steel, { edge: 0.02 });
        for (let x = r.x0; x < r.x1; x += 0.9)
          line3(s, [x, r.h - 0.5, z + 0.08], [x + 0.45, r.h - 0.05, z + 0.08], rgba(C.steel), 0.025);
      }
    }
  }
  for (const x of o.duct ?? []) {
    box(s, x - 0.22, r.h - 0.75, r.z0, x + 0.22, r.h - 0.35, r.z1, hex("#9aa0a4"), {
      gloss: 0.25,
      edge: 0.02,
      depthBias: -0.5,
    });
  }
}

// ---------------------------------------------------------------- lights

export type ShadeStyle = "dome" | "cone" | "globe" | "cage" | "linear";

/** A pendant lamp hanging from the ceiling with its glow and a pool of light below. */
export function pendant(
  s: Scene,
  x: number,
  y: number,
  z: number,
  o: { ceiling: number; style?: ShadeStyle; color?: RGB; size?: number; pool?: number; poolY?: number; warm?: RGB } = {
    ceiling: 4,
  },
): void {
  const style = o.style ?? "dome";
  const size = o.size ?? 0.42;
  const shade = o.color ?? hex("#1f2326");
  const warm = o.warm ?? hex("#ffd79a");
  line3(s, [x, o.ceiling, z], [x, y + size * 0.3, z], "rgba(20,18,16,0.9)", 0.008);
  billboard(s, [x, y, z], (ctx, px, py, k) => {
    const r = (size / 2) * k;
    ctx.save();
    if (style === "globe") {
      const g = ctx.createRadialGradient(px - r * 0.2, py - r * 0.2, r * 0.1, px, py, r);
      g.addColorStop(0, "rgba(255,250,235,1)");
      g.addColorStop(0.6, rgba(warm, 0.95));
      g.addColorStop(1, rgba(scale(warm, 0.8), 0.85));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(px, py, r, 0, Math.PI * 2);
      ctx.fill();
    } else if (style === "cage") {
      ctx.strokeStyle = rgba(shade);
      ctx.lineWidth = Math.max(0.8, k * 0.008);
      const g = ctx.createRadialGradient(px, py, 0, px, py, r * 0.6);
      g.addColorStop(0, "rgba(255,248,225,1)");
      g.addColorStop(1, rgba(warm, 0.7));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.ellipse(px, py, r * 0.35, r * 0.5, 0, 0, Math.PI * 2);
      ctx.fill();
      for (let i = -2; i <= 2; i++) {
        ctx.beginPath();
        ctx.ellipse(px, py, Math.abs(i) * r * 0.17 + 0.01, r * 0.6, 0, 0, Math.PI * 2);
        ctx.stroke();
      }
    } else if (style === "linear") {
      const lw = size * 3 * k;
      ctx.fillStyle = rgba(shade);
      ctx.fillRect(px - lw / 2, py - r * 0.12, lw, r * 0.24);
      ctx.fillStyle = "rgba(255,246,225,1)";
      ctx.fillRect(px - lw / 2 + 2, py + r * 0.08, lw - 4, Math.max(1.5, r * 0.07));
    } else {
      const top = py - r * (style === "cone" ? 0.9 : 0.7);
      const g = ctx.createLinearGradient(px - r, 0, px + r, 0);
      g.addColorStop(0, rgba(scale(shade, 0.7)));
      g.addColorStop(0.35, rgba(scale(shade, 1.5)));
      g.addColorStop(1, rgba(scale(shade, 0.6)));
      ctx.fillStyle = g;
      ctx.beginPath();
      if (style === "cone") {
        ctx.moveTo(px - r * 0.12, top);
        ctx.lineTo(px + r * 0.12, top);
        ctx.lineTo(px + r, py);
        ctx.lineTo(px - r, py);
      } else {
        ctx.moveTo(px - r, py);
        ctx.bezierCurveTo(px - r, top, px + r, top, px + r, py);
      }
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = "rgba(255,248,228,1)";
      ctx.beginPath();
      ctx.ellipse(px, py, r * 0.96, Math.max(1, r * 0.16), 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  });
  const q = depthOf(s.cam, [x, y, z]);
  if (q > s.cam.near) {
    s.addGlow((ctx) => {
      const pp = projectPoly(s.cam, [
        [x, y, z],
        [x, y, z],
        [x, y, z],
      ]);
      if (!pp) return;
      const k = pxPerM(s, [x, y, z]);
      const r = size * k * (style === "linear" ? 1.6 : 0.7);
      const g = ctx.createRadialGradient(pp[0]![0], pp[0]![1], 0, pp[0]![0], pp[0]![1], r);
      g.addColorStop(0, rgba(hex("#fff4dc"), 1));
      g.addColorStop(0.4, rgba(warm, 0.8));
      g.addColorStop(1, rgba(warm, 0));
      ctx.fillStyle = g;
      if (style === "linear") {
        ctx.save();
        ctx.translate(pp[0]![0], pp[0]![1]);
        ctx.scale(2.2, 0.5);
        ctx.translate(-pp[0]![0], -pp[0]![1]);
      }
      ctx.beginPath();
      ctx.arc(pp[0]![0], pp[0]![1], r, 0, Math.PI * 2);
      ctx.fill();
      if (style === "linear") ctx.restore();
    });
  }
  const pool = o.pool ?? 0.35;
  if (pool > 0) {
    const py = o.poolY ?? 0;
    const rad = (y - py) * 0.9 + size;
    lightPool(s, x, py, z, rad, warm, pool);
  }
}

/** An elliptical pool of warm light on a horizontal surface. */
export function lightPool(s: Scene, x: number, y: number, z: number, rad: number, color: RGB, strength: number): void {
  const c = projectPoly(s.cam, [
    [x, y + 0.004, z],
    [x + rad, y + 0.004, z],
    [x, y + 0.004, z + rad],
  ]);
  if (!c) return;
  const [p0, px, pz] = c as [P2, P2, P2];
  const rx = Math.hypot(px[0] - p0[0], px[1] - p0[1]);
  const ry = Math.max(1, Math.abs(pz[1] - p0[1]));
  s.add({
    layer: y > 0.05 ? 3 : 2,
    depth: depthOf(s.cam, [x, y, z]) - (y > 0.05 ? 0.6 : 0),
    composite: "screen",
    draw: (ctx) => {
      ctx.translate(p0[0], p0[1]);
      ctx.scale(1, ry / rx);
      const g = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
      g.addColorStop(0, rgba(color, strength));
      g.addColorStop(1, rgba(color, 0));
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(0, 0, rx, 0, Math.PI * 2);
      ctx.fill();
    },
  });
}

/** Strands of warm café lights strung between two points. */
export function stringLights(s: Scene, a: V3, b: V3, sag: number, n: number): void {
  const pts: V3[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    pts.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - sag * 4 * t * (1 - t), a[2] + (b[2] - a[2]) * t]);
  }
  for (let i = 0; i < n; i++) line3(s, pts[i]!, pts[i + 1]!, "rgba(25,20,16,0.8)", 0.006);
  for (const p of pts) {
    billboard(s, p, (ctx, x, y, k) => {
      ctx.fillStyle = "rgba(255,236,190,1)";
      ctx.beginPath();
      ctx.arc(x, y + k * 0.03, Math.max(1, k * 0.03), 0, Math.PI * 2);
      ctx.fill();
    });
    s.addGlow((ctx) => {
      const pp = projectPoly(s.cam, [p, p, p]);
      if (!pp) return;
      const k = pxPerM(s, p);
      const g = ctx.createRadialGradient(pp[0]![0], pp[0]![1], 0, pp[0]![0], pp[0]![1], Math.max(3, k * 0.25));
      g.addColorStop(0, "rgba(255,226,160,1)");
      g.addColorStop(1, "rgba(255,200,120,0)");
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(pp[0]![0], pp[0]![1], Math.max(3, k * 0.25), 0, Math.PI * 2);
      ctx.fill();
    });
  }
}

// ---------------------------------------------------------------- furniture

export function table(
  s: Scene,
  x: number,
  z: number,
  w: number,
  d: number,
  o: { h?: number; top?: RGB; leg?: RGB; legs?: "four" | "trestle" | "pedestal"; thick?: number } = {},
): void {
  const h = o.h ?? 0.74;
  const top = o.top ?? C.oak;
  const leg = o.leg ?? C.steel;
  const t = o.thick ?? 0.045;
  const x0 = x - w / 2;
  const x1 = x + w / 2;
  const z0 = z - d / 2;
  const z1 = z + d / 2;
  contactShadow(s, x0, z0, x1, z1, 0.3, 0.15);
  box(s, x0, h - t, z0, x1, h, z1, top, { top: mix(top, hex("#f3dcbc"), 0.12), gloss: 0.12, depthBias: -0.05 });
  const kind = o.legs ?? "four";
  if (kind === "four") {
    const lw = 0.05;
    for (const [lx, lz] of [
      [x0 + 0.06, z0 + 0.06],
      [x1 - 0.06 - lw, z0 + 0.06],
      [x0 + 0.06, z1 - 0.06 - lw],
      [x1 - 0.06 - lw, z1 - 0.06 - lw],
    ] as [number, number][]) {
      box(s, lx, 0, lz, lx + lw, h - t, lz + lw, leg, { edge: 0 });
    }
  } else if (kind === "trestle") {
    for (const lx of [x0 + 0.15, x1 - 0.2]) {
      box(s, lx, 0, z0 + 0.08, lx + 0.05, h - t, z0 + 0.13, leg, { edge: 0 });
      box(s, lx, 0, z1 - 0.13, lx + 0.05, h - t, z1 - 0.08, leg, { edge: 0 });
      box(s, lx, h - t - 0.05, z0 + 0.08, lx + 0.05, h - t, z1 - 0.08, leg, { edge: 0 });
      box(s, lx, 0.0, z0 + 0.08, lx + 0.05, 0.04, z1 - 0.08, leg, { edge: 0 });
    }
  } else {
    box(s, x - 0.06, 0, z - 0.06, x + 0.06, h - t, z + 0.06, leg, { edge: 0 });
    box(s, x - 0.3, 0, z - 0.3, x + 0.3, 0.03, z + 0.3, leg, { edge: 0 });
  }
}

export type ChairStyle = "task" | "wood" | "stack" | "stool" | "lounge";

/** A chair whose back is on the side given by `back` ('+z' faces the camera, '-z' faces away). */
export function chair(
  s: Scene,
  x: number,
  z: number,
  o: { style?: ChairStyle; color?: RGB; back?: "+z" | "-z" | "+x" | "-x"; frame?: RGB } = {},
): void {
  const style = o.style ?? "wood";
  const color = o.color ?? C.charcoal;
  const frame = o.frame ?? C.steel;
  const back = o.back ?? "+z";
  const sw = style === "lounge" ? 0.38 : 0.23;
  const seatY = style === "stool" ? 0.66 : style === "lounge" ? 0.4 : 0.46;
  contactShadow(s, x - sw, z - sw, x + sw, z + sw, 0.22, 0.06);
  if (style === "stool") {
    box(s, x - 0.18, seatY - 0.05, z - 0.18, x + 0.18, seatY, z + 0.18, color, { gloss: 0.1 });
    for (const [dx, dz] of [
      [-0.14, -0.14],
      [0.12, -0.14],
      [-0.14, 0.12],
      [0.12, 0.12],
    ] as [number, number][]) {
      box(s, x + dx, 0, z + dz, x + dx + 0.025, seatY - 0.05, z + dz + 0.025, frame, { edge: 0 });
    }
    box(s, x - 0.14, 0.25, z - 0.14, x + 0.14, 0.27, z + 0.14, frame, { edge: 0, skip: ["top"] });
    return;
  }
  const seatT = style === "lounge" ? 0.14 : 0.05;
  box(s, x - sw, seatY - seatT, z - sw, x + sw, seatY, z + sw, color, { gloss: 0.06 });
  const backH = style === "task" ? 0.5 : style === "lounge" ? 0.42 : 0.42;
  const bt = style === "lounge" ? 0.14 : 0.04;
  if (back === "+z") box(s, x - sw, seatY, z + sw - bt, x + sw, seatY + backH, z + sw, color, { depthBias: 0.01 });
  if (back === "-z") box(s, x - sw, seatY, z - sw, x + sw, seatY + backH, z - sw + bt, color, { depthBias: -0.01 });
  if (back === "+x") box(s, x + sw - bt, seatY, z - sw, x + sw, seatY + backH, z + sw, color);
  if (back === "-x") box(s, x - sw, seatY, z - sw, x - sw + bt, seatY + backH, z + sw, color);
  if (style === "task") {
    box(s, x - 0.025, 0.08, z - 0.025, x + 0.025, seatY - seatT, z + 0.025, frame, { edge: 0 });
    box(s, x - 0.28, 0.03, z - 0.03, x + 0.28, 0.07, z + 0.03, frame, { edge: 0 });
    box(s, x - 0.03, 0.03, z - 0.28, x + 0.03, 0.07, z + 0.28, frame, { edge: 0 });
  } else if (style === "lounge") {
    if (back === "+z" || back === "-z") {
      box(s, x - sw - 0.1, 0.1, z - sw, x - sw, seatY + 0.18, z + sw, color);
      box(s, x + sw, 0.1, z - sw, x + sw + 0.1, seatY + 0.18, z + sw, color);
    } else {
      box(s, x - sw, 0.1, z - sw - 0.1, x + sw, seatY + 0.18, z - sw, color);
      box(s, x - sw, 0.1, z + sw, x + sw, seatY + 0.18, z + sw + 0.1, color);
    }
    box(s, x - sw, 0, z - sw, x + sw, 0.1, z + sw, scale(color, 0.5), { edge: 0 });
  } else {
    const lw = 0.028;
    for (const [dx, dz] of [
      [-sw + 0.02, -sw + 0.02],
      [sw - 0.02 - lw, -sw + 0.02],
      [-sw + 0.02, sw - 0.02 - lw],
      [sw - 0.02 - lw, sw - 0.02 - lw],
    ] as [number, number][]) {
      box(s, x + dx, 0, z + dz, x + dx + lw, seatY - seatT, z + dz + lw, style === "wood" ? scale(color, 0.9) : frame, {
        edge: 0,
      });
    }
  }
}

export function laptop(s: Scene, x: number, y: number, z: number, facing: "-z" | "+z" | "-x" | "+x" = "-z"): void {
  const alongX = facing === "-z" || facing === "+z";
  const hw = 0.17;
  const hd = 0.12;
  if (alongX) box(s, x - hw, y, z - hd, x + hw, y + 0.015, z + hd, hex("#b9bcc0"), { edge: 0.1 });
  else box(s, x - hd, y, z - hw, x + hd, y + 0.015, z + hw, hex("#b9bcc0"), { edge: 0.1 });
  // The display's normal points toward the user; the hinge is on the far side from the user.
  const n: V3 = facing === "-z" ? [0, 0, -1] : facing === "+z" ? [0, 0, 1] : facing === "-x" ? [-1, 0, 0] : [1, 0, 0];
  const hx = x - n[0] * hd;
  const hz = z - n[2] * hd;
  const tx = -n[2];
  const tz = n[0];
  const lean = 0.05;
  const top: V3[] = [
    [hx - tx * hw, y + 0.015, hz - tz * hw],
    [hx + tx * hw, y + 0.015, hz + tz * hw],
    [hx + tx * hw - n[0] * -lean, y + 0.23, hz + tz * hw - n[2] * -lean],
    [hx - tx * hw - n[0] * -lean, y + 0.23, hz - tz * hw - n[2] * -lean],
  ];
  const p = projectPoly(s.cam, top);
  if (!p) return;
  const d = depthOf(s.cam, [hx, y + 0.1, hz]);
  const cp = s.cam.pos;
  const lit = (cp[0] - hx) * n[0] + (cp[2] - hz) * n[2] > 0;
  s.add({
    layer: 3,
    depth: d - 0.02,
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = lit ? "rgb(196,214,228)" : "rgb(170,174,180)";
      ctx.fill();
      const b = bounds(p);
      if (lit) {
        ctx.save();
        ctx.clip();
        ctx.fillStyle = "rgba(60,90,120,0.35)";
        ctx.fillRect(
          b.x0 + (b.x1 - b.x0) * 0.12,
          b.y0 + (b.y1 - b.y0) * 0.2,
          (b.x1 - b.x0) * 0.5,
          (b.y1 - b.y0) * 0.08,
        );
        ctx.fillRect(b.x0 + (b.x1 - b.x0) * 0.12, b.y0 + (b.y1 - b.y0) * 0.4, (b.x1 - b.x0) * 0.7, (b.y1 - b.y0) * 0.3);
        ctx.restore();
      } else {
        ctx.fillStyle = "rgba(255,255,255,0.5)";
        ctx.beginPath();
        ctx.arc((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, Math.max(0.5, (b.x1 - b.x0) * 0.05), 0, Math.PI * 2);
        ctx.fill();
      }
    },
  });
  if (lit)
    s.addGlow((ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = "rgba(170,200,230,0.5)";
      ctx.fill();
    });
}

export function mug(s: Scene, x: number, y: number, z: number, color: RGB): void {
  box(s, x - 0.04, y, z - 0.04, x + 0.04, y + 0.1, z + 0.04, color, { edge: 0.05 });
}

export function books(s: Scene, x0: number, x1: number, y: number, z0: number, z1: number, maxH = 0.3): void {
  const rng = s.rng;
  let x = x0;
  const cols: RGB[] = [
    C.teal,
    C.rust,
    C.cream,
    C.olive,
    C.navy,
    C.amber,
    hex("#7a3b2e"),
    hex("#d8cfc0"),
    hex("#4a4038"),
  ];
  while (x < x1 - 0.03) {
    const w = rng.range(0.025, 0.06);
    if (rng.chance(0.08)) {
      x += rng.range(0.08, 0.2);
      continue;
    }
    const hh = rng.range(0.6, 1) * maxH;
    box(s, x, y, z0 + rng.range(0, 0.04), Math.min(x1, x + w), y + hh, z1, rng.pick(cols), { edge: 0.04 });
    x += w + 0.004;
  }
}

/** Open shelving on a wall with books, plants and objects. */
export function shelving(
  s: Scene,
  x0: number,
  x1: number,
  z: number,
  o: { y0?: number; levels?: number; gap?: number; depth?: number; wood?: RGB; facing?: "-z" | "+x" | "-x" } = {},
): void {
  const rng = s.rng;
  const levels = o.levels ?? 4;
  const gap = o.gap ?? 0.42;
  const y0 = o.y0 ?? 0.3;
  const d = o.depth ?? 0.3;
  const wood = o.wood ?? C.walnut;
  for (let i = 0; i < levels; i++) {
    const y = y0 + i * gap;
    box(s, x0, y - 0.03, z - d, x1, y, z, wood, { depthBias: 0.02 });
    let x = x0 + 0.05;
    while (x < x1 - 0.3) {
      const seg = rng.range(0.3, 0.7);
      const kind = rng();
      if (kind < 0.6) books(s, x, Math.min(x1 - 0.05, x + seg), y, z - d + 0.04, z - 0.02, gap * 0.85);
      else if (kind < 0.8) plantSmall(s, x + 0.12, y, z - d / 2);
      else
        box(
          s,
          x + 0.05,
          y,
          z - d + 0.08,
          x + 0.18,
          y + rng.range(0.1, 0.2),
          z - 0.08,
          rng.pick([C.cream, C.teal, C.amber]),
          { gloss: 0.2 },
        );
      x += seg + 0.05;
    }
  }
  for (const sx of [x0, x1 - 0.03])
    box(s, sx, 0, z - d, sx + 0.03, y0 + (levels - 1) * gap + 0.05, z, C.steel, { edge: 0 });
}

export function sofa(s: Scene, x: number, z: number, w: number, color: RGB, back: "+z" | "-z" = "+z"): void {
  const d = 0.9;
  const x0 = x - w / 2;
  const x1 = x + w / 2;
  const z0 = z - d / 2;
  const z1 = z + d / 2;
  contactShadow(s, x0, z0, x1, z1, 0.35, 0.1);
  box(s, x0, 0.06, z0, x1, 0.42, z1, color, { gloss: 0.05 });
  if (back === "+z") box(s, x0, 0.42, z1 - 0.22, x1, 0.82, z1, scale(color, 0.95), { depthBias: 0.02 });
  else box(s, x0, 0.42, z0, x1, 0.82, z0 + 0.22, scale(color, 0.95), { depthBias: -0.02 });
  box(s, x0 - 0.02, 0.06, z0, x0 + 0.18, 0.62, z1, scale(color, 0.92));
  box(s, x1 - 0.18, 0.06, z0, x1 + 0.02, 0.62, z1, scale(color, 0.92));
  const n = Math.max(2, Math.round(w / 0.8));
  for (let i = 0; i < n; i++) {
    const cx0 = x0 + 0.2 + ((w - 0.4) * i) / n;
    const cx1 = x0 + 0.2 + ((w - 0.4) * (i + 1)) / n - 0.02;
    box(s, cx0, 0.42, z0 + 0.05, cx1, 0.5, z1 - 0.2, mix(color, hex("#ffffff"), 0.06), { edge: 0.05 });
  }
}

export function rug(s: Scene, x: number, z: number, w: number, d: number, color: RGB, accent: RGB): void {
  const pts: V3[] = [
    [x - w / 2, 0.004, z - d / 2],
    [x + w / 2, 0.004, z - d / 2],
    [x + w / 2, 0.004, z + d / 2],
    [x - w / 2, 0.004, z + d / 2],
  ];
  const dd = depthOf(s.cam, [x, 0, z]);
  poly(s, pts, rgba(s.hazeAt(color, dd)), { layer: 2 });
  const inner: V3[] = [
    [x - w / 2 + 0.2, 0.005, z - d / 2 + 0.2],
    [x + w / 2 - 0.2, 0.005, z - d / 2 + 0.2],
    [x + w / 2 - 0.2, 0.005, z + d / 2 - 0.2],
    [x - w / 2 + 0.2, 0.005, z + d / 2 - 0.2],
  ];
  const ip = projectPoly(s.cam, inner);
  if (ip)
    s.add({
      layer: 2,
      depth: dd,
      draw: (ctx) => {
        pathPoly(ctx, ip);
        ctx.strokeStyle = rgba(s.hazeAt(accent, dd), 0.8);
        ctx.lineWidth = Math.max(1, pxPerM(s, [x, 0, z]) * 0.05);
        ctx.stroke();
      },
    });
}

// ---------------------------------------------------------------- plants and people

export function plantSmall(s: Scene, x: number, y: number, z: number): void {
  const rng = s.rng;
  const seed = rng();
  billboard(s, [x, y, z], (ctx, px, py, k) => {
    const r = 0.07 * k;
    ctx.fillStyle = rgba(seed > 0.5 ? C.cream : C.rust);
    ctx.fillRect(px - r, py - r * 1.6, r * 2, r * 1.6);
    ctx.fillStyle = rgba(C.leaf);
    for (let i = 0; i < 9; i++) {
      const a = -Math.PI / 2 + (i - 4) * 0.35;
      ctx.beginPath();
      ctx.ellipse(
        px + Math.cos(a) * r * 1.2,
        py - r * 1.6 + Math.sin(a) * r * 1.3,
        r * 0.5,
        r * 0.22,
        a,
        0,
        Math.PI * 2,
      );
      ctx.fillStyle = rgba(mix(C.leaf, C.leafLight, ((i * 7919 * (seed + 1)) % 10) / 10));
      ctx.fill();
    }
    if (seed > 0.6) {
      ctx.strokeStyle = rgba(C.leaf);
      ctx.lineWidth = Math.max(0.8, k * 0.01);
      for (let i = 0; i < 4; i++) {
        ctx.beginPath();
        ctx.moveTo(px - r + i * r * 0.6, py - r * 0.2);
        ctx.quadraticCurveTo(px - r * 1.5 + i * r * 0.6, py + r * 2, px - r * 1.2 + i * r * 0.7, py + r * (2.5 + i));
        ctx.stroke();
      }
    }
  });
}

export type PlantKind = "fig" | "snake" | "palm" | "monstera";

/** A floor plant in a pot. */
export function plant(s: Scene, x: number, z: number, o: { kind?: PlantKind; h?: number; pot?: RGB } = {}): void {
  const rng = s.rng;
  const kind = o.kind ?? "fig";
  const hgt = o.h ?? 1.6;
  const pot = o.pot ?? rng.pick([C.cream, C.charcoal, hex("#b46e4a"), C.white]);
  contactShadow(s, x - 0.25, z - 0.25, x + 0.25, z + 0.25, 0.3, 0.08);
  const leaves: { dx: number; dy: number; a: number; l: number; w: number; c: RGB }[] = [];
  const n = kind === "snake" ? 14 : kind === "palm" ? 12 : 46;
  for (let i = 0; i < n; i++) {
    if (kind === "snake") {
      leaves.push({
        dx: rng.range(-0.12, 0.12),
        dy: 0.4,
        a: rng.range(-0.25, 0.25),
        l: rng.range(0.5, 0.9) * hgt * 0.8,
        w: 0.05,
        c: mix(C.leaf, hex("#8aa35a"), rng()),
      });
    } else if (kind === "palm") {
      leaves.push({
        dx: 0,
        dy: hgt * rng.range(0.55, 0.9),
        a: rng.range(-2.6, -0.5),
        l: rng.range(0.5, 0.8),
        w: 0.07,
        c: mix(C.leaf, C.leafLight, rng()),
      });
    } else {
      const t = rng();
      const spread = kind === "monstera" ? 0.55 : 0.38;
      leaves.push({
        dx: rng.range(-spread, spread) * (0.4 + t * 0.7),
        dy: hgt * (0.4 + 0.6 * t),
        a: rng.range(0, Math.PI * 2),
        l: kind === "monstera" ? rng.range(0.16, 0.26) : rng.range(0.1, 0.16),
        w: kind === "monstera" ? 0.14 : 0.08,
        c: mix(hex("#2f5a2a"), hex("#7fa650"), rng() * 0.8),
      });
    }
  }
  leaves.sort((a, b) => a.c[1] - b.c[1]);
  billboard(s, [x, 0, z], (ctx, px, py, k) => {
    const pw = 0.22 * k;
    const ph = 0.38 * k;
    const pg = ctx.createLinearGradient(px - pw, 0, px + pw, 0);
    pg.addColorStop(0, rgba(scale(pot, 1.05)));
    pg.addColorStop(1, rgba(scale(pot, 0.7)));
    ctx.fillStyle = pg;
    ctx.beginPath();
    ctx.moveTo(px - pw, py - ph);
    ctx.lineTo(px + pw, py - ph);
    ctx.lineTo(px + pw * 0.78, py);
    ctx.lineTo(px - pw * 0.78, py);
    ctx.closePath();
    ctx.fill();
    if (kind === "fig" || kind === "palm") {
      ctx.strokeStyle = rgba(hex("#4a3522"));
      ctx.lineWidth = Math.max(1, 0.025 * k);
      ctx.beginPath();
      ctx.moveTo(px, py - ph);
      ctx.quadraticCurveTo(px + 0.05 * k, py - hgt * 0.5 * k, px - 0.02 * k, py - hgt * 0.9 * k);
      ctx.stroke();
    }
    for (const lf of leaves) {
      const lx = px + lf.dx * k;
      const ly = py - (kind === "snake" ? ph : lf.dy * k);
      ctx.fillStyle = rgba(lf.c);
      ctx.save();
      ctx.translate(lx, ly);
      if (kind === "snake") {
        ctx.rotate(lf.a);
        ctx.beginPath();
        ctx.moveTo(-lf.w * k, 0);
        ctx.quadraticCurveTo(-lf.w * k, -lf.l * k * 0.7, 0, -lf.l * k);
        ctx.quadraticCurveTo(lf.w * k, -lf.l * k * 0.7, lf.w * k, 0);
        ctx.fill();
      } else if (kind === "palm") {
        ctx.rotate(lf.a);
        for (let i = 0; i < 9; i++) {
          const t = i / 9;
          ctx.beginPath();
          ctx.ellipse(
            lf.l * k * t,
            (i % 2 ? 1 : -1) * 0.04 * k,
            0.1 * k,
            0.02 * k,
            (i % 2 ? 0.6 : -0.6) + 0.3,
            0,
            Math.PI * 2,
          );
          ctx.fill();
        }
      } else {
        ctx.rotate(lf.a);
        ctx.beginPath();
        ctx.ellipse(0, 0, lf.l * k, lf.w * k * (kind === "monstera" ? 0.9 : 0.7), 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.strokeStyle = "rgba(255,255,220,0.18)";
        ctx.lineWidth = Math.max(0.5, k * 0.006);
        ctx.beginPath();
        ctx.moveTo(-lf.l * k, 0);
        ctx.lineTo(lf.l * k, 0);
        ctx.stroke();
      }
      ctx.restore();
    }
  });
}

export type Pose = "sit" | "stand" | "sitBack";

/** A soft, slightly blurred person, as a long exposure would catch them. */
export function person(
  s: Scene,
  x: number,
  z: number,
  o: {
    pose?: Pose;
    shirt?: RGB;
    skin?: RGB;
    hair?: RGB;
    blur?: number;
    lean?: number;
    seatY?: number;
    away?: boolean;
    minDepth?: number;
  } = {},
): void {
  const rng = s.rng;
  const pose = o.pose ?? "stand";
  const shirt = o.shirt ?? rng.pick(CLOTHES);
  const skin = o.skin ?? rng.pick(SKIN);
  const hair = o.hair ?? rng.pick(HAIR);
  const pants = rng.pick([hex("#2b2f38"), hex("#3d352e"), hex("#5a5248"), hex("#1f2228")]);
  const lean = o.lean ?? rng.range(-0.06, 0.06);
  const longHair = rng.chance(0.45);
  const seatY = o.seatY ?? 0.46;
  const away = o.away ?? false;
  const depth = depthOf(s.cam, [x, 1, z]);
  // Close-up figures read as mannequins; keep people in the middle distance.
  if (depth < (o.minDepth ?? 4.2)) return;
  const sh = s.hazeAt(shirt, depth);
  const sk = s.hazeAt(skin, depth);
  const hr = s.hazeAt(hair, depth);
  const pt = s.hazeAt(pants, depth);
  if (pose === "stand") contactShadow(s, x - 0.25, z - 0.2, x + 0.25, z + 0.2, 0.3, 0.05);
  billboard(
    s,
    [x, 0, z],
    (ctx, px, py, k) => {
      const sitting = pose !== "stand";
      const shoulderY = sitting ? seatY + 0.58 : 1.42;
      const hipY = sitting ? seatY + 0.05 : 0.95;
      const headY = shoulderY + 0.2;
      const xAt = (dx: number, y: number) => px + (dx + lean * (y - hipY)) * k;
      const yAt = (y: number) => py - y * k;
      // Legs.
      ctx.fillStyle = rgba(pt);
      if (!sitting) {
        ctx.beginPath();
        ctx.moveTo(xAt(-0.16, hipY), yAt(hipY));
        ctx.lineTo(xAt(0.16, hipY), yAt(hipY));
        ctx.lineTo(xAt(0.13, 0.05), yAt(0.02));
        ctx.lineTo(xAt(0.02, 0.05), yAt(0.02));
        ctx.lineTo(xAt(0, 0.6), yAt(0.6));
        ctx.lineTo(xAt(-0.03, 0.05), yAt(0.02));
        ctx.lineTo(xAt(-0.14, 0.05), yAt(0.02));
        ctx.closePath();
        ctx.fill();
      } else if (!away) {
        ctx.fillRect(xAt(-0.17, hipY), yAt(hipY + 0.02), 0.34 * k, 0.12 * k);
        ctx.globalAlpha = 0.85;
        ctx.beginPath();
        ctx.moveTo(xAt(-0.15, seatY), yAt(seatY - 0.02));
        ctx.lineTo(xAt(0.15, seatY), yAt(seatY - 0.02));
        ctx.lineTo(xAt(0.1, 0.05), yAt(0.02));
        ctx.lineTo(xAt(-0.1, 0.05), yAt(0.02));
        ctx.closePath();
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      // Torso.
      const tg = ctx.createLinearGradient(xAt(-0.22, shoulderY), 0, xAt(0.22, shoulderY), 0);
      tg.addColorStop(0, rgba(scale(sh, 1.12)));
      tg.addColorStop(1, rgba(scale(sh, 0.72)));
      ctx.fillStyle = tg;
      ctx.beginPath();
      ctx.moveTo(xAt(-0.17, hipY), yAt(hipY));
      ctx.lineTo(xAt(-0.21, shoulderY - 0.06), yAt(shoulderY - 0.06));
      ctx.quadraticCurveTo(
        xAt(-0.2, shoulderY),
        yAt(shoulderY + 0.02),
        xAt(-0.08, shoulderY + 0.03),
        yAt(shoulderY + 0.03),
      );
      ctx.lineTo(xAt(0.08, shoulderY + 0.03), yAt(shoulderY + 0.03));
      ctx.quadraticCurveTo(
        xAt(0.2, shoulderY),
        yAt(shoulderY + 0.02),
        xAt(0.21, shoulderY - 0.06),
        yAt(shoulderY - 0.06),
      );
      ctx.lineTo(xAt(0.17, hipY), yAt(hipY));
      ctx.closePath();
      ctx.fill();
      // Arms.
      ctx.strokeStyle = rgba(scale(sh, 0.85));
      ctx.lineWidth = 0.08 * k;
      ctx.lineCap = "round";
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(xAt(side * 0.19, shoulderY - 0.06), yAt(shoulderY - 0.06));
        if (sitting && pose === "sit") ctx.lineTo(xAt(side * 0.16, shoulderY - 0.3), yAt(shoulderY - 0.32));
        else ctx.lineTo(xAt(side * 0.22, hipY - 0.05), yAt(hipY - 0.05));
        ctx.stroke();
      }
      // Neck and head.
      ctx.fillStyle = rgba(scale(sk, 0.85));
      ctx.fillRect(xAt(-0.04, shoulderY), yAt(shoulderY + 0.08), 0.08 * k, 0.08 * k);
      const hx = xAt(0, headY);
      const hy = yAt(headY + 0.02);
      if (longHair) {
        ctx.fillStyle = rgba(hr);
        ctx.beginPath();
        ctx.ellipse(hx, hy + 0.06 * k, 0.1 * k, 0.16 * k, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      if (away) ctx.fillStyle = rgba(hr);
      else {
        const fg = ctx.createLinearGradient(hx - 0.08 * k, 0, hx + 0.08 * k, 0);
        fg.addColorStop(0, rgba(scale(sk, 1.05)));
        fg.addColorStop(1, rgba(scale(sk, 0.7)));
        ctx.fillStyle = fg;
      }
      ctx.beginPath();
      ctx.ellipse(hx, hy, 0.072 * k, 0.094 * k, 0, 0, Math.PI * 2);
      ctx.fill();
      if (!away) {
        ctx.fillStyle = rgba(hr);
        ctx.beginPath();
        ctx.ellipse(hx, hy - 0.045 * k, 0.082 * k, 0.06 * k, 0, Math.PI, Math.PI * 2);
        ctx.fill();
      }
      // Rim light.
      ctx.strokeStyle = "rgba(255,220,170,0.35)";
      ctx.lineWidth = Math.max(0.6, 0.012 * k);
      ctx.beginPath();
      ctx.arc(hx, hy, 0.085 * k, Math.PI * 0.9, Math.PI * 1.45);
      ctx.stroke();
    },
    { blur: o.blur ?? 1.2, depthBias: pose === "stand" ? 0 : -0.05 },
  );
}

// ---------------------------------------------------------------- wall objects

/** An emissive screen (TV or projection) facing the camera on a plane of constant z. */
export function screenPanel(
  s: Scene,
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  o: { content?: "slide" | "chart" | "logo" | "video"; bezel?: number; accent?: RGB } = {},
): void {
  const pts: V3[] = [
    [x - w / 2, y, z],
    [x + w / 2, y, z],
    [x + w / 2, y + h, z],
    [x - w / 2, y + h, z],
  ];
  const p = projectPoly(s.cam, pts);
  if (!p) return;
  const d = depthOf(s.cam, [x, y, z]);
  const content = o.content ?? "slide";
  const accent = o.accent ?? C.amber;
  const paint = (ctx: CanvasRenderingContext2D) => {
    const b = bounds(p);
    const W = b.x1 - b.x0;
    const H = b.y1 - b.y0;
    ctx.save();
    pathPoly(ctx, p);
    ctx.clip();
    const g = ctx.createLinearGradient(b.x0, b.y0, b.x1, b.y1);
    g.addColorStop(0, rgba(hex("#174f5f")));
    g.addColorStop(1, rgba(hex("#0b2f3a")));
    ctx.fillStyle = g;
    ctx.fillRect(b.x0, b.y0, W, H);
    if (content === "slide" || content === "logo") {
      ctx.fillStyle = rgba(accent);
      ctx.fillRect(b.x0 + W * 0.08, b.y0 + H * 0.2, W * 0.45, H * 0.1);
      ctx.fillStyle = "rgba(240,236,228,0.85)";
      for (let i = 0; i < 3; i++)
        ctx.fillRect(b.x0 + W * 0.08, b.y0 + H * (0.42 + i * 0.12), W * (0.5 - i * 0.08), H * 0.045);
      ctx.fillStyle = rgba(accent, 0.9);
      ctx.beginPath();
      ctx.arc(b.x0 + W * 0.76, b.y0 + H * 0.52, Math.min(W, H) * 0.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = rgba(hex("#0f4c5c"));
      ctx.beginPath();
      ctx.arc(b.x0 + W * 0.76, b.y0 + H * 0.52, Math.min(W, H) * 0.12, 0, Math.PI * 2);
      ctx.fill();
    } else if (content === "chart") {
      for (let i = 0; i < 6; i++) {
        const bh = H * (0.15 + 0.1 * i + ((i * 37) % 5) * 0.03);
        ctx.fillStyle = i % 2 ? rgba(accent) : "rgba(230,226,218,0.9)";
        ctx.fillRect(b.x0 + W * (0.1 + i * 0.13), b.y1 - H * 0.12 - bh, W * 0.08, bh);
      }
    } else {
      const vg = ctx.createLinearGradient(0, b.y0, 0, b.y1);
      vg.addColorStop(0, "rgb(236,196,140)");
      vg.addColorStop(1, "rgb(120,70,50)");
      ctx.fillStyle = vg;
      ctx.fillRect(b.x0, b.y0, W, H);
      ctx.fillStyle = "rgba(40,24,18,0.8)";
      ctx.beginPath();
      ctx.ellipse(b.x0 + W * 0.4, b.y0 + H * 0.55, W * 0.06, H * 0.14, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillRect(b.x0 + W * 0.3, b.y0 + H * 0.68, W * 0.2, H * 0.4);
    }
    ctx.restore();
    if (o.bezel) {
      pathPoly(ctx, p);
      ctx.strokeStyle = "#111";
      ctx.lineWidth = Math.max(1, pxPerM(s, [x, y, z]) * o.bezel);
      ctx.stroke();
    }
  };
  s.add({ layer: 3, depth: d - 0.05, draw: paint });
  s.addGlow((ctx) => {
    ctx.globalAlpha = 0.6;
    paint(ctx);
  });
}

/** Text painted on or mounted to a flat surface (affine-mapped). */
export function sign(
  s: Scene,
  origin: V3,
  uVec: V3,
  vVec: V3,
  text: string,
  o: {
    color?: string;
    font?: string;
    glow?: boolean;
    weight?: number;
    layer?: number;
    depthBias?: number;
    align?: CanvasTextAlign;
    letterSpacing?: number;
  } = {},
): void {
  const units = 1000;
  // Back-face check: the text's front is u x v.
  const n: V3 = [
    uVec[1] * vVec[2] - uVec[2] * vVec[1],
    uVec[2] * vVec[0] - uVec[0] * vVec[2],
    uVec[0] * vVec[1] - uVec[1] * vVec[0],
  ];
  const cp = s.cam.pos;
  if (n[0] * (cp[0] - origin[0]) + n[1] * (cp[1] - origin[1]) + n[2] * (cp[2] - origin[2]) <= 0) return;
  const m = planeTransform(s, origin, uVec, vVec, units, units);
  if (!m) return;
  const draw = (ctx: CanvasRenderingContext2D) => {
    ctx.setTransform(m);
    ctx.font = `${o.weight ?? 700} ${units * 0.8}px ${o.font ?? "'DejaVu Sans', sans-serif"}`;
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = o.color ?? "#f2e6d0";
    const spacing = o.letterSpacing ?? 0.08;
    const chars = [...text];
    const widths = chars.map((c) => ctx.measureText(c).width + units * spacing);
    const total = widths.reduce((a, b) => a + b, 0);
    const sx = Math.min(1, units / total);
    ctx.scale(sx, 1);
    let x = 0;
    for (let i = 0; i < chars.length; i++) {
      ctx.fillText(chars[i]!, x, units * 0.86);
      x += widths[i]!;
    }
  };
  const d = depthOf(s.cam, origin);
  s.add({ layer: o.layer ?? 2, depth: d + (o.depthBias ?? 0), draw });
  if (o.glow) s.addGlow(draw);
}

/** A glass partition panel with a steel frame on a plane of constant z or x, as one object. */
export function glassPanel(
  s: Scene,
  a: V3,
  b: V3,
  h: number,
  o: { frame?: RGB; tint?: string; door?: boolean; label?: string } = {},
): void {
  const pts: V3[] = [a, b, [b[0], b[1] + h, b[2]], [a[0], a[1] + h, a[2]]];
  const p = projectPoly(s.cam, pts);
  if (!p) return;
  const mid: V3 = [(a[0] + b[0]) / 2, a[1] + h / 2, (a[2] + b[2]) / 2];
  const d = depthOf(s.cam, mid);
  const frame = rgba(o.frame ?? hex("#1c1e20"));
  const k = pxPerM(s, mid);
  s.add({
    layer: 3,
    depth: d,
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = o.tint ?? "rgba(200,225,230,0.12)";
      ctx.fill();
      const bb = bounds(p);
      ctx.save();
      ctx.clip();
      ctx.globalCompositeOperation = "screen";
      const g = ctx.createLinearGradient(bb.x0, bb.y0, bb.x1, bb.y1);
      g.addColorStop(0.2, "rgba(255,255,255,0)");
      g.addColorStop(0.35, "rgba(255,250,240,0.16)");
      g.addColorStop(0.42, "rgba(255,255,255,0)");
      g.addColorStop(0.6, "rgba(255,250,240,0.08)");
      g.addColorStop(0.7, "rgba(255,255,255,0)");
      ctx.fillStyle = g;
      ctx.fillRect(bb.x0, bb.y0, bb.x1 - bb.x0, bb.y1 - bb.y0);
      ctx.restore();
      ctx.strokeStyle = frame;
      ctx.lineWidth = Math.max(1, k * 0.05);
      pathPoly(ctx, p);
      ctx.stroke();
      if (o.door) {
        const hy = p[0]![1] + (p[3]![1] - p[0]![1]) * 0.48;
        const hx = p[1]![0] - (p[1]![0] - p[0]![0]) * 0.1;
        ctx.lineWidth = Math.max(1.5, k * 0.025);
        ctx.beginPath();
        ctx.moveTo(hx, hy - k * 0.3);
        ctx.lineTo(hx, hy + k * 0.3);
        ctx.strokeStyle = "rgba(200,200,195,0.9)";
        ctx.stroke();
      }
      // A frosted manifestation band at eye height.
      const y0 = 1.2;
      const band = projectPoly(s.cam, [
        [a[0], a[1] + y0, a[2]],
        [b[0], b[1] + y0, b[2]],
        [b[0], b[1] + y0 + 0.12, b[2]],
        [a[0], a[1] + y0 + 0.12, a[2]],
      ]);
      if (band) {
        pathPoly(ctx, band);
        ctx.fillStyle = "rgba(245,245,240,0.35)";
        ctx.fill();
      }
    },
  });
}

/** Grid of fabric acoustic panels on a wall. */
export function acousticPanels(
  s: Scene,
  w: Wall,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  colors: RGB[],
  size = 0.58,
): void {
  const rng = s.rng;
  for (let a = a0; a + size <= a1 + 0.01; a += size + 0.03) {
    for (let b = b0; b + size <= b1 + 0.01; b += size + 0.03) {
      const q = [
        wallPoint(w, a, b),
        wallPoint(w, a + size, b),
        wallPoint(w, a + size, b + size),
        wallPoint(w, a, b + size),
      ];
      const d = depthOf(s.cam, wallPoint(w, a + size / 2, b + size / 2));
      const c = s.hazeAt(vary(rng, rng.pick(colors), 0.06), d);
      poly(
        s,
        q,
        (ctx, p) => {
          const bb = bounds(p);
          const g = ctx.createLinearGradient(bb.x0, bb.y0, bb.x1, bb.y1);
          g.addColorStop(0, rgba(scale(c, 1.08)));
          g.addColorStop(1, rgba(scale(c, 0.8)));
          return g;
        },
        { layer: 2 },
      );
    }
  }
}

/** A wall-mounted whiteboard with marker sketches. */
export function whiteboard(s: Scene, w: Wall, a0: number, a1: number, b0: number, b1: number): void {
  const rng = s.rng;
  const q = [wallPoint(w, a0, b0), wallPoint(w, a1, b0), wallPoint(w, a1, b1), wallPoint(w, a0, b1)];
  const p = projectPoly(s.cam, q);
  if (!p) return;
  const strokes: { pts: P2[]; c: string }[] = [];
  for (let i = 0; i < 9; i++) {
    const pts: P2[] = [];
    const sa = rng.range(0.08, 0.7);
    const sb = rng.range(0.2, 0.85);
    const len = rng.range(0.1, 0.3);
    for (let j = 0; j < 6; j++) {
      const pp = projectPoly(s.cam, [
        wallPoint(w, a0 + (a1 - a0) * (sa + (len * j) / 6), b0 + (b1 - b0) * (sb + rng.range(-0.03, 0.03))),
        wallPoint(w, a0, b0),
        wallPoint(w, a1, b1),
      ]);
      if (pp) pts.push(pp[0]!);
    }
    strokes.push({
      pts,
      c: rng.pick(["rgba(30,60,120,0.8)", "rgba(20,20,20,0.75)", "rgba(180,50,40,0.75)", "rgba(20,110,80,0.7)"]),
    });
  }
  const k = pxPerM(s, wallPoint(w, (a0 + a1) / 2, (b0 + b1) / 2));
  s.add({
    layer: 2,
    depth: depthOf(s.cam, wallPoint(w, (a0 + a1) / 2, b0)),
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = "rgb(238,238,232)";
      ctx.fill();
      ctx.strokeStyle = "rgb(170,170,165)";
      ctx.lineWidth = Math.max(1, k * 0.02);
      ctx.stroke();
      ctx.lineWidth = Math.max(0.8, k * 0.008);
      for (const st of strokes) {
        ctx.strokeStyle = st.c;
        ctx.beginPath();
        for (let i = 0; i < st.pts.length; i++) {
          const pt = st.pts[i]!;
          if (i) ctx.lineTo(pt[0], pt[1]);
          else ctx.moveTo(pt[0], pt[1]);
        }
        ctx.stroke();
      }
    },
  });
}

/** A framed print or painting on a wall. */
export function artwork(s: Scene, w: Wall, a0: number, a1: number, b0: number, b1: number, palette: RGB[]): void {
  const rng = s.rng;
  const q = [wallPoint(w, a0, b0), wallPoint(w, a1, b0), wallPoint(w, a1, b1), wallPoint(w, a0, b1)];
  const p = projectPoly(s.cam, q);
  if (!p) return;
  const shapes = Array.from({ length: 5 }, () => ({
    x: rng(),
    y: rng(),
    r: rng.range(0.15, 0.4),
    c: rng.pick(palette),
  }));
  const k = pxPerM(s, wallPoint(w, (a0 + a1) / 2, (b0 + b1) / 2));
  s.add({
    layer: 2,
    depth: depthOf(s.cam, q[0]!),
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = "rgb(236,228,214)";
      ctx.fill();
      ctx.save();
      ctx.clip();
      const b = bounds(p);
      for (const sh of shapes) {
        ctx.fillStyle = rgba(sh.c, 0.85);
        ctx.beginPath();
        ctx.ellipse(
          b.x0 + (b.x1 - b.x0) * sh.x,
          b.y0 + (b.y1 - b.y0) * sh.y,
          (b.x1 - b.x0) * sh.r,
          (b.y1 - b.y0) * sh.r,
          0,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      ctx.restore();
      pathPoly(ctx, p);
      ctx.strokeStyle = "rgb(30,26,22)";
      ctx.lineWidth = Math.max(1, k * 0.03);
      ctx.stroke();
    },
  });
}

/** Painted text or sign on a wall: convenience wrapper taking wall coordinates. */
export function wallSign(
  s: Scene,
  w: Wall,
  a: number,
  b: number,
  width: number,
  height: number,
  text: string,
  o: Parameters<typeof sign>[5] = {},
): void {
  const origin = wallPoint(w, a, b + height);
  const uVec: V3 = [w.u[0] * width, 0, w.u[2] * width];
  const vVec: V3 = [0, -height, 0];
  sign(s, origin, uVec, vVec, text, o);
}

/** Darkens the floor along the foot of the walls (ambient occlusion in the corners). */
export function floorCorners(s: Scene, r: Room, strength = 0.35): void {
  const edges: V3[][] = [
    [
      [r.x0, 0.003, r.z0],
      [r.x0 + 0.25, 0.003, r.z0],
      [r.x0 + 0.25, 0.003, r.z1],
      [r.x0, 0.003, r.z1],
    ],
    [
      [r.x1 - 0.25, 0.003, r.z0],
      [r.x1, 0.003, r.z0],
      [r.x1, 0.003, r.z1],
      [r.x1 - 0.25, 0.003, r.z1],
    ],
    [
      [r.x0, 0.003, r.z1 - 0.25],
      [r.x1, 0.003, r.z1 - 0.25],
      [r.x1, 0.003, r.z1],
      [r.x0, 0.003, r.z1],
    ],
  ];
  for (const e of edges) {
    const p = projectPoly(s.cam, e);
    if (!p) continue;
    s.add({
      layer: 2,
      depth: depthOf(s.cam, e[2]!),
      blur: 10,
      draw: (ctx) => {
        pathPoly(ctx, p);
        ctx.fillStyle = `rgba(25,14,6,${strength})`;
        ctx.fill();
      },
    });
  }
}
