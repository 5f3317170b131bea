/**
 * Outdoor and before-renovation scenes: the brick foundry building on Foundry Lane at different times
 * of day, the gutted interior under renovation, and scaffolding on the facade.
 */
import {
  billboard,
  box,
  contactShadow,
  depthOf,
  hex,
  line3,
  mix,
  poly,
  proj,
  render,
  rgba,
  scale,
  type RGB,
  type Scene,
  type V3,
} from "./engine.ts";
import {
  C,
  backWall,
  brickWall,
  ceiling,
  concreteFloor,
  floorCorners,
  leftWall,
  person,
  rightWall,
  steelWindow,
  wallPoint,
  wallSign,
  type Opening,
  type Room,
  type Wall,
} from "./kit.ts";
import { setup, type SceneFn, type SceneParams } from "./rooms.ts";

interface Sky {
  top: RGB;
  mid: RGB;
  horizon: RGB;
  sun: RGB | null;
  sunX: number;
  light: number;
  shade: number;
  windows: number;
  foliage: RGB[];
}

function skyFor(p: SceneParams, autumn: boolean): Sky {
  const t = p.time ?? "golden";
  const summer = [hex("#4d6b33"), hex("#6d8a3e"), hex("#8ea552")];
  const fall = [hex("#b5612a"), hex("#d08a34"), hex("#8e3f22"), hex("#c9a040")];
  const foliage = autumn ? fall : summer;
  switch (t) {
    case "morning":
      return {
        top: hex("#8fb2cc"),
        mid: hex("#d6e2e4"),
        horizon: hex("#f4ead8"),
        sun: hex("#fff2d8"),
        sunX: 0.85,
        light: 1.0,
        shade: 0.7,
        windows: 0.25,
        foliage,
      };
    case "day":
      return {
        top: hex("#6f9cc4"),
        mid: hex("#b8d0e0"),
        horizon: hex("#e9ece6"),
        sun: null,
        sunX: 0.5,
        light: 1.05,
        shade: 0.75,
        windows: 0.15,
        foliage,
      };
    case "evening":
      return {
        top: hex("#1f2c4a"),
        mid: hex("#6a5a78"),
        horizon: hex("#e8956a"),
        sun: null,
        sunX: 0.2,
        light: 0.55,
        shade: 0.42,
        windows: 1,
        foliage: foliage.map((c) => scale(c, 0.45)),
      };
    default:
      return {
        top: hex("#5f86aa"),
        mid: hex("#e8c49a"),
        horizon: hex("#ffcf8c"),
        sun: hex("#fff0c8"),
        sunX: 0.08,
        light: 1.0,
        shade: 0.62,
        windows: 0.6,
        foliage,
      };
  }
}

function drawSky(s: Scene, sky: Sky): void {
  const horizon = proj(s.cam, [
    s.cam.pos[0] + Math.sin(s.cam.yaw) * 1e4,
    s.cam.pos[1],
    s.cam.pos[2] + Math.cos(s.cam.yaw) * 1e4,
  ])[1];
  const rng = s.rng;
  const clouds = Array.from({ length: 9 }, () => ({
    x: rng(),
    y: rng.range(0.05, 0.7),
    w: rng.range(0.15, 0.4),
    h: rng.range(0.015, 0.04),
  }));
  s.add({
    layer: 0,
    depth: 1e9,
    blur: -1,
    draw: (ctx) => {
      const g = ctx.createLinearGradient(0, 0, 0, horizon);
      g.addColorStop(0, rgba(sky.top));
      g.addColorStop(0.7, rgba(sky.mid));
      g.addColorStop(1, rgba(sky.horizon));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, s.w, Math.max(horizon, 0) + 2);
      ctx.fillStyle = rgba(sky.horizon);
      ctx.fillRect(0, horizon, s.w, s.h - horizon);
      ctx.filter = `blur(${Math.round(14 * s.u)}px)`;
      for (const c of clouds) {
        ctx.fillStyle = rgba(mix(sky.mid, hex("#fff4e4"), 0.6), 0.5);
        ctx.beginPath();
        ctx.ellipse(c.x * s.w, c.y * horizon, c.w * s.w * 0.5, c.h * s.h, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.filter = "none";
    },
  });
  if (sky.sun) {
    const sx = sky.sunX * s.w;
    const sy = horizon - s.h * 0.12;
    const sun = sky.sun;
    s.add({
      layer: 0,
      depth: 1e9,
      blur: -1,
      draw: (ctx) => {
        const g = ctx.createRadialGradient(sx, sy, 0, sx, sy, s.w * 0.45);
        g.addColorStop(0, rgba(sun, 0.95));
        g.addColorStop(0.08, rgba(sun, 0.7));
        g.addColorStop(1, rgba(sun, 0));
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, s.w, s.h);
      },
    });
    s.addGlow((ctx) => {
      const g = ctx.createRadialGradient(sx, sy, 0, sx, sy, s.w * 0.08);
      g.addColorStop(0, "rgba(255,250,230,1)");
      g.addColorStop(1, "rgba(255,220,160,0)");
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, s.w, s.h);
    });
  }
}

/** A street tree: trunk, branches and a dense, sun-lit canopy of small leaf clusters. */
function tree(s: Scene, x: number, z: number, hgt: number, sky: Sky): void {
  const rng = s.rng;
  const clusters = Array.from({ length: 220 }, () => {
    const a = rng() * Math.PI * 2;
    const rr = Math.sqrt(rng());
    return {
      dx: Math.cos(a) * rr,
      dy: Math.sin(a) * rr,
      r: rng.range(0.025, 0.06),
      c: rng.pick(sky.foliage),
      lit: rng(),
    };
  });
  clusters.sort((a, b) => a.dy - b.dy);
  contactShadow(s, x - 1.4, z - 1.2, x + 1.4, z + 1.2, 0.25, 0.3);
  billboard(
    s,
    [x, 0, z],
    (ctx, px, py, k) => {
      const cw = hgt * 0.4 * k;
      const ch = hgt * 0.3 * k;
      const cy = py - hgt * 0.66 * k;
      ctx.strokeStyle = "#3a2a1e";
      ctx.lineCap = "round";
      ctx.lineWidth = 0.16 * k;
      ctx.beginPath();
      ctx.moveTo(px, py);
      ctx.lineTo(px + 0.05 * k, cy);
      ctx.stroke();
      ctx.lineWidth = 0.06 * k;
      for (const d of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(px, py - hgt * 0.4 * k);
        ctx.quadraticCurveTo(px + d * cw * 0.3, cy + ch * 0.2, px + d * cw * 0.6, cy - ch * 0.2);
        ctx.stroke();
      }
      // Shadowed core of the canopy.
      ctx.fillStyle = rgba(scale(sky.foliage[0]!, 0.45));
      ctx.beginPath();
      ctx.ellipse(px, cy, cw * 0.92, ch * 0.92, 0, 0, Math.PI * 2);
      ctx.fill();
      for (const c of clusters) {
        const bx = px + c.dx * cw;
        const by = cy + c.dy * ch;
        const r = c.r * hgt * k;
        // Brighter toward the upper, sun-facing side.
        const side = Math.max(0, -c.dy * 0.6 + (sky.sunX < 0.5 ? -c.dx : c.dx) * 0.4);
        const col = mix(scale(c.c, 0.55 + 0.55 * side), sky.sun ?? hex("#fff6e0"), 0.18 * side * c.lit * sky.light);
        ctx.fillStyle = rgba(col);
        ctx.beginPath();
        ctx.ellipse(bx, by, r, r * 0.8, c.lit * 3, 0, Math.PI * 2);
        ctx.fill();
      }
    },
    { blur: 1.0 },
  );
}

function streetLamp(s: Scene, x: number, z: number, lit: number): void {
  line3(s, [x, 0, z], [x, 4.2, z], "rgb(30,32,34)", 0.1);
  billboard(s, [x, 4.25, z], (ctx, px, py, k) => {
    ctx.fillStyle = "rgb(30,32,34)";
    ctx.fillRect(px - 0.18 * k, py - 0.1 * k, 0.36 * k, 0.08 * k);
    ctx.fillStyle = lit > 0.3 ? "rgb(255,236,190)" : "rgb(200,196,186)";
    ctx.beginPath();
    ctx.moveTo(px - 0.14 * k, py - 0.02 * k);
    ctx.lineTo(px + 0.14 * k, py - 0.02 * k);
    ctx.lineTo(px + 0.1 * k, py + 0.35 * k);
    ctx.lineTo(px - 0.1 * k, py + 0.35 * k);
    ctx.fill();
  });
  if (lit > 0.3)
    s.addGlow((ctx) => {
      const p = proj(s.cam, [x, 4.4, z]);
      const k = s.cam.f / Math.max(0.3, depthOf(s.cam, [x, 4.4, z]));
      const g = ctx.createRadialGradient(p[0], p[1], 0, p[0], p[1], k * 0.9);
      g.addColorStop(0, `rgba(255,230,170,${lit})`);
      g.addColorStop(1, "rgba(255,200,120,0)");
      ctx.fillStyle = g;
      ctx.fillRect(p[0] - k, p[1] - k, 2 * k, 2 * k);
    });
}

function car(s: Scene, x: number, z: number, color: RGB, alongX = true): void {
  const l = 4.3;
  const w = 1.8;
  const [x0, x1, z0, z1] = alongX
    ? [x - l / 2, x + l / 2, z - w / 2, z + w / 2]
    : [x - w / 2, x + w / 2, z - l / 2, z + l / 2];
  contactShadow(s, x0, z0, x1, z1, 0.55, 0.15);
  box(s, x0, 0.25, z0, x1, 0.85, z1, color, { gloss: 0.3 });
  const [c0, c1, d0, d1] = alongX ? [x0 + 1.1, x1 - 1.0, z0 + 0.1, z1 - 0.1] : [x0 + 0.1, x1 - 0.1, z0 + 1.0, z1 - 1.1];
  box(s, c0, 0.85, d0, c1, 1.35, d1, mix(hex("#1c2a34"), color, 0.25), { gloss: 0.5, top: color });
  for (const [wx, wz] of alongX
    ? [
        [x0 + 0.8, z0],
        [x1 - 0.8, z0],
      ]
    : [
        [x0, z0 + 0.8],
        [x0, z1 - 0.8],
      ])
    billboard(s, [wx!, 0.33, wz!], (ctx, px, py, k) => {
      ctx.fillStyle = "#141414";
      ctx.beginPath();
      ctx.ellipse(px, py, 0.33 * k, 0.33 * k, 0, 0, Math.PI * 2);
      ctx.fill();
    });
}

/**
 * The foundry building. Variants: 0 wide golden hour, 1 entrance, 2 street in the morning, 3 autumn,
 * 4 dusk with glowing windows, 5 straight-on facade at midday.
 */
export const exterior: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams = [
    { pos: [19, 1.6, -17] as V3, yaw: -0.62, pitch: 0.1, vfov: 52 },
    { pos: [5.5, 1.5, -8.5] as V3, yaw: -0.38, pitch: 0.12, vfov: 54 },
    { pos: [-16, 1.7, -12] as V3, yaw: 0.78, pitch: 0.08, vfov: 50 },
    { pos: [14, 1.6, -13] as V3, yaw: -0.5, pitch: 0.12, vfov: 54 },
    { pos: [20, 1.7, -19] as V3, yaw: -0.6, pitch: 0.08, vfov: 50 },
    { pos: [2, 1.6, -22] as V3, yaw: 0, pitch: 0.12, vfov: 44 },
  ];
  const time = p.time ?? (v === 2 ? "morning" : v === 4 ? "evening" : v === 5 ? "day" : "golden");
  const pp = { ...p, time };
  const s = setup(w, h, seed, pp, cams[v % cams.length]!, {
    focus: 18,
    aperture: 0.5,
    hazeDist: 160,
    haze: time === "evening" ? [110, 90, 110] : [240, 214, 180],
  });
  const sky = skyFor(pp, v === 3);
  const rng = s.rng;
  drawSky(s, sky);
  // Ground: road, sidewalk, curb.
  poly(
    s,
    [
      [-200, 0, -200],
      [200, 0, -200],
      [200, 0, 200],
      [-200, 0, 200],
    ],
    rgba(scale(hex("#4a4440"), sky.light * 0.9)),
    { layer: 1, depth: 500 },
  );
  poly(
    s,
    [
      [-40, 0.001, -14],
      [40, 0.001, -14],
      [40, 0.001, -4],
      [-40, 0.001, -4],
    ],
    (ctx, q) => {
      const ys = q.map((a) => a[1]);
      const g = ctx.createLinearGradient(0, Math.min(...ys), 0, Math.max(...ys));
      g.addColorStop(0, rgba(scale(hex("#5a524c"), sky.light)));
      g.addColorStop(1, rgba(scale(hex("#3c3632"), sky.light)));
      return g;
    },
    { layer: 1, depth: 400 },
  );
  for (let x = -38; x < 40; x += 6)
    poly(
      s,
      [
        [x, 0.003, -9.1],
        [x + 3, 0.003, -9.1],
        [x + 3, 0.003, -8.95],
        [x, 0.003, -8.95],
      ],
      rgba(scale(hex("#d8c79a"), sky.light)),
      { layer: 2 },
    );
  poly(
    s,
    [
      [-40, 0.12, -4],
      [40, 0.12, -4],
      [40, 0.12, 0],
      [-40, 0.12, 0],
    ],
    rgba(scale(hex("#b3a898"), sky.light)),
    { layer: 1, depth: 300 },
  );
  poly(
    s,
    [
      [-40, 0, -4],
      [40, 0, -4],
      [40, 0.12, -4],
      [-40, 0.12, -4],
    ],
    rgba(scale(hex("#8a8276"), sky.light)),
    { layer: 1, depth: 299 },
  );
  poly(
    s,
    [
      [14, 0.12, 0],
      [18, 0.12, 0],
      [18, 0.12, 30],
      [14, 0.12, 30],
    ],
    rgba(scale(hex("#a89d8e"), sky.light * 0.8)),
    { layer: 1, depth: 298 },
  );
  // Distant tree line and neighbouring low buildings.
  const far = 60;
  s.add({
    layer: 0,
    depth: 1e8,
    blur: 3,
    draw: (ctx) => {
      const y = proj(s.cam, [0, 0, far])[1];
      for (let i = 0; i < 40; i++) {
        const x = ((i * 977) % 100) / 100;
        const px = x * s.w * 1.2 - s.w * 0.1;
        const r = (0.03 + ((i * 31) % 7) / 100) * s.w;
        ctx.fillStyle = rgba(mix(sky.foliage[i % sky.foliage.length]!, sky.horizon, 0.45));
        ctx.beginPath();
        ctx.arc(px, y - r * 0.2, r, 0, Math.PI * 2);
        ctx.fill();
      }
    },
  });
  // The building: front facade at z = 0 from x = -14 to 14, three storeys; side wall along x = 14.
  const H = 11.5;
  const front: Wall = { origin: [-14, 0.12, 0], u: [1, 0, 0], len: 28, height: H };
  const side: Wall = { origin: [14, 0.12, 0], u: [0, 0, 1], len: 24, height: H };
  const frontOps: Opening[] = [];
  for (let i = 0; i < 7; i++) {
    const a = 1.2 + i * 3.8;
    if (i === 3) frontOps.push({ a0: a + 0.2, a1: a + 2.6, b0: 0.1, b1: 3.2 });
    else frontOps.push({ a0: a, a1: a + 2.8, b0: 0.9, b1: 3.6 });
    frontOps.push({ a0: a + 0.2, a1: a + 2.6, b0: 4.6, b1: 7.0 });
    frontOps.push({ a0: a + 0.4, a1: a + 2.4, b0: 8.0, b1: 9.9 });
  }
  const sideOps: Opening[] = [];
  for (let i = 0; i < 6; i++) {
    const a = 1.5 + i * 3.8;
    sideOps.push({ a0: a, a1: a + 2.4, b0: 4.6, b1: 7.0 }, { a0: a + 0.2, a1: a + 2.2, b0: 8.0, b1: 9.9 });
  }
  const sunLit = sky.light * (time === "evening" ? 0.9 : 1.12);
  const sideVisible = s.cam.pos[0] > 14;
  // Chimney stack behind (drawn first: it is behind the facade).
  box(s, 4, 0, 10, 6, H + 9, 12, hex("#8a4430"), { lightDir: -1, edge: 0.02, layer: 1 });
  box(s, 3.85, H + 8.4, 9.85, 6.15, H + 9.2, 12.15, hex("#6e3526"), { edge: 0.02, layer: 1 });
  brickWall(s, front, frontOps, { light: sunLit, color: v === 5 ? hex("#9e5036") : C.brick });
  if (sideVisible) brickWall(s, side, sideOps, { light: sky.shade, color: hex("#8e4630") });
  const glowC = mix(hex("#ffcf8a"), sky.horizon, 0.2);
  const winSky: [RGB, RGB] =
    sky.windows > 0.5
      ? [scale(glowC, 0.95), scale(hex("#ffb866"), 0.9)]
      : [mix(sky.top, hex("#2a3038"), 0.45), mix(sky.horizon, hex("#3a3a3a"), 0.5)];
  for (const op of frontOps)
    steelWindow(s, front, op, {
      cols: op.b0 < 1 ? 2 : 4,
      rows: op.b0 < 1 ? 3 : 4,
      sky: winSky,
      brightness: sky.windows > 0.5 ? 1 : 0.9,
      frame: hex("#1d1f21"),
      glow: 0.3,
    });
  if (sideVisible)
    for (const op of sideOps)
      steelWindow(s, side, op, {
        cols: 3,
        rows: 4,
        sky: [scale(winSky[0], 0.8), scale(winSky[1], 0.8)],
        brightness: 0.9,
        frame: hex("#1d1f21"),
        glow: 0.3,
      });
  // Stone band, cornice and parapet.
  const band = (y0: number, y1: number, d: number, c: RGB, lit: number) => {
    box(s, -14.2, y0, -d, 14.2, y1, 0.01, scale(c, lit), { top: scale(c, lit * 1.05), edge: 0.02, depthBias: -0.3 });
  };
  band(4.0, 4.25, 0.12, hex("#cbbba2"), sunLit);
  band(H - 0.5, H + 0.15, 0.4, hex("#8a4a34"), sunLit);
  band(H + 0.15, H + 0.35, 0.5, hex("#c4b49c"), sunLit);
  if (sideVisible) box(s, 14, H - 0.5, 0, 14.4, H + 0.35, 24, hex("#7a3e2c"), { lightDir: 1, edge: 0 });
  // Ghost sign on the side wall and a lettered band over the entrance.
  if (sideVisible)
    wallSign(s, side, 3, 2.2, 16, 1.5, "OZARK FOUNDRY", {
      color: rgba(mix(hex("#f0e2c4"), hex("#8e4630"), 0.35)),
      weight: 800,
      layer: 2,
    });
  const entranceA = 1.2 + 3 * 3.8;
  wallSign(s, front, entranceA - 0.8, 3.55, 4.0, 0.42, "OZARK FOUNDRY", {
    color: "#f3d9a8",
    glow: sky.windows > 0.5,
    weight: 700,
  });
  box(s, -14 + entranceA - 0.8, 3.3, -1.4, -14 + entranceA + 3.2, 3.42, 0, hex("#1f2224"), { edge: 0.04 });
  wallSign(s, front, entranceA + 2.85, 2.2, 0.5, 0.3, "118", { color: "#e8d6b0", weight: 600 });
  // Street life.
  const lampsLit = sky.windows > 0.5 ? 0.9 : 0;
  for (const x of [-12, -2, 8, 18]) streetLamp(s, x, -3.3, lampsLit);
  const treeXs = v === 3 ? [-9, -5, 0.5, 11, 16.5] : [-10, -4.5, 11.5, 16.5];
  for (const x of treeXs) tree(s, x, -2.8, rng.range(6.5, 8), sky);
  if (v === 3) {
    for (let i = 0; i < 40; i++) {
      const lx = rng.range(-14, 18);
      const lz = rng.range(-4, -0.2);
      const leafC = rng.pick(sky.foliage);
      billboard(s, [lx, 0.13, lz], (ctx, px, py, k) => {
        ctx.fillStyle = rgba(leafC);
        ctx.beginPath();
        ctx.ellipse(px, py, 0.08 * k, 0.03 * k, 0.4, 0, Math.PI * 2);
        ctx.fill();
      });
    }
  }
  for (const [x, col] of [
    [-6, hex("#7a2f28")],
    [4.5, hex("#d9d4c8")],
    [20, hex("#2f4a5a")],
  ] as [number, RGB][]) {
    if (v !== 1 || x > 10) car(s, x, -6, scale(col, sky.light), true);
  }
  // Planters and people by the door.
  for (const dx of [-0.8, 3.2]) {
    box(s, -14 + entranceA + dx - 0.35, 0.12, -1.2, -14 + entranceA + dx + 0.35, 0.75, -0.5, hex("#2a2b2c"), {
      edge: 0.03,
    });
    billboard(s, [-14 + entranceA + dx, 0.75, -0.85], (ctx, px, py, k) => {
      for (let i = 0; i < 12; i++) {
        ctx.fillStyle = rgba(mix(sky.foliage[i % sky.foliage.length]!, hex("#4d6b33"), v === 3 ? 0.6 : 0));
        ctx.beginPath();
        ctx.arc(
          px + Math.cos(i * 1.7) * 0.25 * k,
          py - (0.25 + Math.sin(i * 2.3) * 0.15) * k,
          0.16 * k,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
    });
  }
  const busy = (p.people ?? 2) / 3;
  for (let i = 0; i < Math.round(5 * busy); i++)
    person(s, rng.range(-10, 16), rng.range(-3.6, -0.6), { pose: "stand", blur: 1.8 });
  return render(s);
};

// ---------------------------------------------------------------- renovation

/**
 * The gutted foundry interior during renovation: dusty concrete, patched brick, boarded windows,
 * scaffolding, steel trusses and strong shafts of sunlight. Variants 0-3 move the camera.
 */
export const construction: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams = [
    { pos: [-2, 1.6, 0.5] as V3, yaw: 0.12, pitch: 0.02, vfov: 54 },
    { pos: [3.5, 1.5, 3] as V3, yaw: -0.55, pitch: 0.08, vfov: 50 },
    { pos: [0, 1.4, 2] as V3, yaw: 0.2, pitch: 0.32, vfov: 58 },
    { pos: [-5.5, 1.7, 14] as V3, yaw: 2.6, pitch: 0.0, vfov: 52 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, {
    focus: 8,
    aperture: 0.8,
    haze: [214, 180, 140],
    hazeDist: 20,
    tint: [255, 178, 100],
    tintStrength: 0.3,
    exposure: 0.98,
  });
  const rng = s.rng;
  const r: Room = { x0: -7, x1: 7, z0: -3, z1: 24, h: 6.5 };
  const lw = leftWall(r);
  const wins: Opening[] = [3, 8, 13, 18].map((a) => ({ a0: a, a1: a + 3, b0: 1.2, b1: 4.8 }));
  brickWall(s, lw, wins, { patchy: 0.12, color: hex("#8f4a34") });
  const sun: V3 = [0.72, -0.42, 0.3];
  wins.forEach((op, i) => {
    if (i === 1) {
      // Boarded with plywood.
      poly(
        s,
        [
          wallPoint(lw, op.a0, op.b0),
          wallPoint(lw, op.a1, op.b0),
          wallPoint(lw, op.a1, op.b1),
          wallPoint(lw, op.a0, op.b1),
        ],
        rgba(hex("#b08a5a")),
        { layer: 1 },
      );
    } else {
      steelWindow(s, lw, op, {
        cols: 4,
        rows: 5,
        sky: [hex("#ffe2b0"), hex("#fff1d6")],
        trees: false,
        sun,
        sunStrength: 0.75,
        shafts: 0.75,
        brightness: 1.05,
        room: r,
        frame: hex("#2a2522"),
      });
    }
  });
  brickWall(s, rightWall(r), [], { patchy: 0.25, light: 0.8, color: hex("#8a4633") });
  const bw = backWall(r);
  brickWall(s, bw, [{ a0: 4.5, a1: 9.5, b0: 1.5, b1: 5.2 }], { patchy: 0.15 });
  steelWindow(
    s,
    bw,
    { a0: 4.5, a1: 9.5, b0: 1.5, b1: 5.2 },
    { cols: 6, rows: 5, sky: [hex("#f7dcb0"), hex("#fff0d4")], brightness: 1, frame: hex("#2a2522") },
  );
  const fw: Wall = { origin: [r.x1, 0, r.z0], u: [-1, 0, 0], len: r.x1 - r.x0, height: r.h };
  brickWall(s, fw, [{ a0: 5, a1: 9, b0: 0, b1: 3.6 }], { patchy: 0.2, light: 0.85 });
  steelWindow(
    s,
    fw,
    { a0: 5, a1: 9, b0: 0, b1: 3.6 },
    { cols: 2, rows: 3, sky: [hex("#f7dcb0"), hex("#fff0d4")], frame: hex("#2a2522") },
  );
  concreteFloor(s, r, hex("#9a8a78"), { dusty: true, joints: 4 });
  floorCorners(s, r, 0.4);
  ceiling(s, r, { beams: "steel", spacing: 3.6, color: hex("#3a3029") });
  // Scaffolding along the right wall.
  const sx0 = 4.2;
  const sx1 = 6.4;
  for (let z = 2; z <= 18; z += 2.5) {
    for (const x of [sx0, sx1]) line3(s, [x, 0, z], [x, 5.6, z], "rgb(150,152,150)", 0.05);
  }
  for (let y = 1.9; y < 6; y += 1.9) {
    for (const x of [sx0, sx1]) line3(s, [x, y, 2], [x, y, 17], "rgb(140,140,138)", 0.045, { depthBias: 0.2 });
    for (let z = 2; z <= 18; z += 2.5) line3(s, [sx0, y, z], [sx1, y, z], "rgb(140,140,138)", 0.04);
    box(s, sx0, y, 2, sx1, y + 0.05, 17, hex("#a8824e"), { edge: 0.05, depthBias: 0.3 });
  }
  for (let z = 2; z < 17; z += 5) line3(s, [sx0, 0, z], [sx0, 5.6, z + 2.5], "rgb(130,130,128)", 0.04);
  // Steel beam being set, a ladder, lumber, sawhorses, work lights.
  box(s, -6, 4.6, 9, 3, 4.95, 9.3, hex("#6a4a3a"), { edge: 0.03 });
  line3(s, [-1.5, 6.5, 9.15], [-1.5, 4.95, 9.15], "rgb(40,40,40)", 0.02);
  const ladder = (x: number, z: number) => {
    line3(s, [x - 0.25, 0, z], [x - 0.25, 3.6, z + 0.8], "rgb(200,160,70)", 0.06);
    line3(s, [x + 0.25, 0, z], [x + 0.25, 3.6, z + 0.8], "rgb(200,160,70)", 0.06);
    for (let i = 1; i < 12; i++)
      line3(
        s,
        [x - 0.25, i * 0.3, z + (i * 0.3 * 0.8) / 3.6],
        [x + 0.25, i * 0.3, z + (i * 0.3 * 0.8) / 3.6],
        "rgb(180,140,60)",
        0.035,
      );
  };
  ladder(-3.5, 12);
  for (let i = 0; i < 6; i++)
    box(
      s,
      -5.8,
      i * 0.1,
      4 + (i % 2) * 0.05,
      -5.8 + 0.3 * 0 + 1.6,
      i * 0.1 + 0.09,
      8,
      scale(C.pine, 0.9 + (i % 3) * 0.05),
      { edge: 0.05 },
    );
  contactShadow(s, -5.8, 4, -4.2, 8, 0.4, 0.1);
  for (let i = 0; i < 5; i++)
    box(s, -1 + i * 0.02, i * 0.03, 14 + i * 0.01, 1.4, i * 0.03 + 0.03, 15.2, hex("#cfc6b6"), { edge: 0.05 });
  for (const z of [6, 7.6]) {
    box(s, 0.5, 0.7, z, 2.5, 0.78, z + 0.1, C.pine, { edge: 0.05 });
    line3(s, [0.6, 0, z - 0.2], [0.7, 0.7, z + 0.05], "rgb(190,150,100)", 0.05);
    line3(s, [2.4, 0, z - 0.2], [2.3, 0.7, z + 0.05], "rgb(190,150,100)", 0.05);
  }
  for (const [x, z] of [
    [-2, 16],
    [2.8, 11],
  ] as [number, number][]) {
    line3(s, [x, 0, z], [x, 1.7, z], "rgb(30,30,30)", 0.04);
    billboard(s, [x, 1.75, z], (ctx, px, py, k) => {
      ctx.fillStyle = "rgb(255,230,170)";
      ctx.fillRect(px - 0.15 * k, py - 0.12 * k, 0.3 * k, 0.24 * k);
    });
    s.addGlow((ctx) => {
      const q = proj(s.cam, [x, 1.75, z]);
      const k = s.cam.f / Math.max(0.3, depthOf(s.cam, [x, 1.75, z]));
      const g = ctx.createRadialGradient(q[0], q[1], 0, q[0], q[1], k * 0.8);
      g.addColorStop(0, "rgba(255,235,190,1)");
      g.addColorStop(1, "rgba(255,200,120,0)");
      ctx.fillStyle = g;
      ctx.fillRect(q[0] - k, q[1] - k, 2 * k, 2 * k);
    });
  }
  const busy = (p.people ?? 2) / 3;
  for (let i = 0; i < Math.round(3 * busy); i++)
    person(s, rng.range(-4, 3.5), rng.range(8, 18), {
      pose: "stand",
      shirt: rng.pick([hex("#d9a03a"), hex("#6a7a8a"), hex("#b8b0a0")]),
      blur: 1.5,
    });
  // Dust in the air.
  s.add({
    layer: 4,
    depth: 0,
    blur: 1,
    draw: (ctx) => {
      const r2 = makeDust(seed);
      for (let i = 0; i < 260; i++) {
        ctx.fillStyle = `rgba(255,236,200,${0.1 + r2() * 0.35})`;
        ctx.beginPath();
        ctx.arc(r2() * s.w, r2() * s.h * 0.8, (0.6 + r2() * 1.8) * s.u, 0, Math.PI * 2);
        ctx.fill();
      }
    },
  });
  return render(s);
};

function makeDust(seed: number): () => number {
  let a = seed * 7919 + 17;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

/** Scaffolding on the brick facade before renovation (morning, street side). */
export const scaffold: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams = [
    { pos: [-4, 1.6, -9] as V3, yaw: 0.35, pitch: 0.22, vfov: 56 },
    { pos: [6, 1.6, -7] as V3, yaw: -0.5, pitch: 0.3, vfov: 56 },
  ];
  const time = p.time ?? "morning";
  const pp = { ...p, time };
  const s = setup(w, h, seed, pp, cams[v % cams.length]!, { focus: 8, aperture: 0.6, hazeDist: 120 });
  const sky = skyFor(pp, false);
  drawSky(s, sky);
  poly(
    s,
    [
      [-200, 0, -200],
      [200, 0, -200],
      [200, 0, 200],
      [-200, 0, 200],
    ],
    rgba(hex("#6a5f52")),
    { layer: 1, depth: 500 },
  );
  const front: Wall = { origin: [-12, 0, 0], u: [1, 0, 0], len: 24, height: 11 };
  const ops: Opening[] = [];
  for (let i = 0; i < 6; i++) {
    const a = 1 + i * 3.8;
    ops.push(
      { a0: a, a1: a + 2.6, b0: 1.0, b1: 3.6 },
      { a0: a + 0.2, a1: a + 2.4, b0: 4.6, b1: 7.0 },
      { a0: a + 0.3, a1: a + 2.3, b0: 8.0, b1: 9.9 },
    );
  }
  brickWall(s, front, ops, { patchy: 0.1, color: hex("#8c4832"), light: 1.05 });
  ops.forEach((op, i) => {
    const q = [
      wallPoint(front, op.a0, op.b0),
      wallPoint(front, op.a1, op.b0),
      wallPoint(front, op.a1, op.b1),
      wallPoint(front, op.a0, op.b1),
    ];
    if (i % 3 === 0 || i % 4 === 1) poly(s, q, rgba(hex("#a98556")), { layer: 1 });
    else
      steelWindow(s, front, op, {
        cols: 4,
        rows: 4,
        sky: [hex("#3a3632"), hex("#2a2622")],
        brightness: 0.8,
        frame: hex("#3a2e28"),
      });
  });
  // Scaffold frame in front of the facade.
  for (let x = -11; x <= 11; x += 2.6) {
    for (const z of [-0.5, -1.8]) line3(s, [x, 0, z], [x, 10.5, z], "rgb(170,172,170)", 0.06);
  }
  for (let y = 2; y < 11; y += 2) {
    for (const z of [-0.5, -1.8]) line3(s, [-11, y, z], [11, y, z], "rgb(160,160,158)", 0.05);
    box(s, -11, y, -1.8, 11, y + 0.06, -0.5, hex("#b08a52"), { edge: 0.04 });
    box(s, -11, y + 0.9, -1.85, 11, y + 0.95, -1.8, hex("#e0a458"), { edge: 0 });
  }
  for (let x = -11; x < 11; x += 5.2) line3(s, [x, 0, -1.8], [x + 2.6, 4, -1.8], "rgb(150,150,148)", 0.05);
  // Safety mesh on part of the frame.
  poly(
    s,
    [
      [-11, 0, -1.9],
      [-3, 0, -1.9],
      [-3, 10.5, -1.9],
      [-11, 10.5, -1.9],
    ],
    "rgba(40,110,120,0.28)",
    { layer: 4 },
  );
  box(s, 5, 0, -6, 7.5, 1.1, -4, hex("#d9a03a"), { edge: 0.03 });
  box(s, -9, 0, -5, -7, 0.5, -3.5, hex("#cfc6b6"), { edge: 0.03 });
  person(s, 2, -3, { pose: "stand", shirt: hex("#e0a458"), blur: 1.2 });
  person(s, -5, -2.5, { pose: "stand", shirt: hex("#c0c6c8"), blur: 1.2 });
  return render(s);
};
