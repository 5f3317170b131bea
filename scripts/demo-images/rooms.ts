/**
 * Interior scenes of the Ozark Foundry building: coworking floor, reception, private offices, meeting
 * rooms, the Think Lounge, café, lounge, podcast studio and phone booths.
 */
import {
  billboard,
  box,
  contactShadow,
  hex,
  makeCamera,
  makeScene,
  mix,
  proj,
  render,
  scale,
  type Look,
  type RGB,
  type Scene,
  type V3,
} from "./engine.ts";
import {
  C,
  acousticPanels,
  artwork,
  backWall,
  books,
  brickWall,
  ceiling,
  chair,
  concreteFloor,
  floorCorners,
  woodFloor,
  glassPanel,
  laptop,
  leftWall,
  lightPool,
  mug,
  pendant,
  person,
  plant,
  plainWall,
  rightWall,
  rug,
  screenPanel,
  shelving,
  sofa,
  steelWindow,
  stringLights,
  table,
  wallPoint,
  wallSign,
  whiteboard,
  type Opening,
  type Room,
  type Wall,
} from "./kit.ts";

export interface SceneParams {
  /** Camera overrides. */
  cam?: { pos?: V3; yaw?: number; pitch?: number; vfov?: number };
  /** Selects a composition within a scene. */
  variant?: number;
  /** Roughly how busy the room is (0 = empty). */
  people?: number;
  time?: Time;
  look?: Partial<Look>;
}

export type Time = "morning" | "day" | "golden" | "evening" | "night";

export type SceneFn = (w: number, h: number, seed: number, p: SceneParams) => HTMLCanvasElement;

interface CamDef {
  pos: V3;
  yaw?: number;
  pitch?: number;
  vfov?: number;
}

export function setup(
  w: number,
  h: number,
  seed: number,
  p: SceneParams,
  def: CamDef,
  look: Partial<Look> = {},
): Scene {
  const vfov = ((p.cam?.vfov ?? def.vfov ?? 50) * Math.PI) / 180;
  const hfov = (2 * Math.atan(Math.tan(vfov / 2) * (w / h)) * 180) / Math.PI;
  const cam = makeCamera(w, h, {
    pos: p.cam?.pos ?? def.pos,
    yaw: p.cam?.yaw ?? def.yaw ?? 0,
    pitch: p.cam?.pitch ?? def.pitch ?? 0,
    fov: hfov,
  });
  const t = timeOf(p.time ?? "day");
  return makeScene(w, h, seed, cam, { ...t.look, ...look, ...p.look });
}

export interface TimeSettings {
  sky: [RGB, RGB];
  trees: boolean;
  sun: V3 | null;
  sunStrength: number;
  shafts: number;
  look: Partial<Look>;
  lamp: number;
  windowBright: number;
}

export function timeOf(t: Time): TimeSettings {
  switch (t) {
    case "morning":
      return {
        sky: [hex("#e4ecee"), hex("#f8f3e8")],
        trees: true,
        sun: [0.45, -0.42, 0.5],
        sunStrength: 0.42,
        shafts: 0.22,
        look: { tint: [255, 214, 170], tintStrength: 0.16 },
        lamp: 0.3,
        windowBright: 1,
      };
    case "golden":
      return {
        sky: [hex("#ffc98a"), hex("#ffe4bc")],
        trees: true,
        sun: [0.78, -0.32, 0.32],
        sunStrength: 0.8,
        shafts: 0.5,
        look: { tint: [255, 170, 96], tintStrength: 0.3, haze: [240, 200, 160] },
        lamp: 0.4,
        windowBright: 1.02,
      };
    case "evening":
      return {
        sky: [hex("#2c3856"), hex("#8c6f70")],
        trees: false,
        sun: null,
        sunStrength: 0,
        shafts: 0,
        look: {
          exposure: 0.95,
          bloom: 1.15,
          tint: [255, 176, 110],
          tintStrength: 0.28,
          haze: [150, 110, 90],
          hazeDist: 40,
          lift: [18, 16, 20],
        },
        lamp: 0.6,
        windowBright: 0.75,
      };
    case "night":
      return {
        sky: [hex("#121a2a"), hex("#2a2f40")],
        trees: false,
        sun: null,
        sunStrength: 0,
        shafts: 0,
        look: {
          exposure: 0.9,
          bloom: 1.25,
          tint: [255, 170, 100],
          tintStrength: 0.3,
          haze: [120, 90, 75],
          hazeDist: 45,
          lift: [14, 13, 18],
        },
        lamp: 0.65,
        windowBright: 0.7,
      };
    default:
      return {
        sky: [hex("#f3efe6"), hex("#fff8ec")],
        trees: true,
        sun: [0.62, -0.55, 0.3],
        sunStrength: 0.55,
        shafts: 0.3,
        look: {},
        lamp: 0.35,
        windowBright: 1,
      };
  }
}

function windowsOn(
  s: Scene,
  wall: Wall,
  ops: Opening[],
  p: SceneParams,
  r: Room,
  o: { cols?: number; rows?: number; gloss?: number; sunOff?: boolean; sunDir?: V3 } = {},
): void {
  const t = timeOf(p.time ?? "day");
  for (const op of ops) {
    steelWindow(s, wall, op, {
      cols: o.cols ?? 4,
      rows: o.rows ?? 5,
      sky: t.sky,
      trees: t.trees,
      brightness: t.windowBright,
      sun: o.sunOff ? null : t.sun && o.sunDir ? o.sunDir : t.sun,
      sunStrength: t.sunStrength,
      shafts: t.shafts,
      floorGloss: o.gloss ?? 0.2,
      room: r,
    });
  }
}

function people(p: SceneParams, def = 3): number {
  return (p.people ?? def) / 3;
}

// ---------------------------------------------------------------- coworking floor

const COWORK_CAMS: CamDef[] = [
  { pos: [-1.2, 1.5, 0.6], yaw: 0.1, pitch: -0.03, vfov: 52 },
  { pos: [3.6, 1.65, 1.5], yaw: -0.32, pitch: -0.05, vfov: 50 },
  { pos: [-4.4, 1.15, 3.0], yaw: 0.55, pitch: -0.02, vfov: 46 },
  { pos: [4.8, 4.2, 1.0], yaw: -0.3, pitch: -0.32, vfov: 56 },
  { pos: [-4.6, 1.55, 17.5], yaw: 2.72, pitch: -0.07, vfov: 48 },
  { pos: [0.2, 1.45, 1.2], yaw: -0.05, pitch: -0.02, vfov: 42 },
  { pos: [-0.6, 1.9, 20], yaw: Math.PI - 0.25, pitch: -0.08, vfov: 50 },
  { pos: [2.6, 1.35, 6.8], yaw: -0.7, pitch: -0.05, vfov: 46 },
];

export const coworking: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const s = setup(w, h, seed, p, COWORK_CAMS[v % COWORK_CAMS.length]!, { focus: 6, aperture: 1.0 });
  const r: Room = { x0: -6, x1: 6, z0: -4, z1: 24, h: 5.4 };
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const lw = leftWall(r);
  const wins = [6.5, 11.5, 16.5, 21.5].map((a) => ({ a0: a, a1: a + 3, b0: 1.0, b1: 4.4 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r);
  const rw = rightWall(r);
  brickWall(s, rw, [], { light: 0.85 });
  const bw = backWall(r);
  const bwin = [{ a0: 3.5, a1: 8.5, b0: 1.2, b1: 4.8 }];
  brickWall(s, bw, bwin);
  windowsOn(s, bw, bwin, p, r, { cols: 6, sunOff: true });
  const fw: Wall = { origin: [r.x1, 0, r.z0], u: [-1, 0, 0], len: 12, height: r.h };
  brickWall(s, fw, [{ a0: 4, a1: 8, b0: 1, b1: 4.4 }], { light: 0.8 });
  windowsOn(s, fw, [{ a0: 4, a1: 8, b0: 1, b1: 4.4 }], p, r, { sunOff: true });
  woodFloor(s, r, v % 2 ? C.pine : C.oak);
  floorCorners(s, r);
  ceiling(s, r, { beams: "timber", duct: [2.5] });
  shelving(s, 3.2, 5.95, 9, { levels: 4 });
  artwork(s, rw, 3 + 4, 4.6 + 4, 1.6, 2.8, [C.amber, C.teal, C.rust]);
  wallSign(s, bw, 0.8, 3.6, 2.4, 0.5, "OZARK FOUNDRY", { color: "#e8d9bf" });
  const busy = people(p);
  const pendantStyle = rng.pick(["dome", "dome", "cone", "cage"] as const);
  const pendantColor = rng.pick([C.teal, C.steel, C.amber]);
  for (const tz of [4.2, 9.6, 15]) {
    for (const tx of [-2.4, 1.0]) {
      table(s, tx, tz, 1.1, 4.2, { top: C.oak, legs: "trestle" });
      for (let i = 0; i < 4; i++) {
        const cz = tz - 1.6 + i * 1.05;
        chair(s, tx - 0.85, cz, { style: "task", back: "-x", color: hex("#4a4540") });
        chair(s, tx + 0.85, cz, { style: "task", back: "+x", color: hex("#4a4540") });
        if (rng.chance(0.42 * busy)) {
          person(s, tx - 0.85, cz, { pose: "sit" });
          laptop(s, tx - 0.3, 0.74, cz, "-x");
        } else if (rng.chance(0.3)) mug(s, tx - 0.2, 0.74, cz + 0.2, C.cream);
        if (rng.chance(0.32 * busy)) {
          person(s, tx + 0.85, cz, { pose: "sit" });
          laptop(s, tx + 0.3, 0.74, cz, "+x");
        } else if (rng.chance(0.25)) laptop(s, tx + 0.25, 0.74, cz, "+x");
      }
      for (const pz of [tz - 1.2, tz + 1.2])
        pendant(s, tx, 2.4, pz, {
          ceiling: r.h,
          style: pendantStyle,
          color: pendantColor,
          size: 0.45,
          poolY: 0.74,
          pool: t.lamp + 0.1,
        });
    }
  }
  plant(s, -5.3, 2.2, { kind: "fig", h: 2.0 });
  plant(s, 5.2, 4.5, { kind: "monstera", h: 1.2 });
  plant(s, 5.3, 13, { kind: "snake", h: 1.1 });
  plant(s, -5.2, 11, { kind: "palm", h: 1.8 });
  plant(s, -5.1, 19, { kind: "fig", h: 2.2 });
  if (busy > 0) {
    person(s, 3.4, 6.5, { pose: "stand" });
    if (busy > 1) person(s, -0.7, 12.5, { pose: "stand" });
  }
  return render(s);
};

// ---------------------------------------------------------------- reception / entry

export const reception: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [0.6, 1.55, 0.2], yaw: -0.06, pitch: -0.02, vfov: 52 },
    { pos: [-3.2, 1.5, 1.5], yaw: 0.35, pitch: -0.03, vfov: 48 },
    { pos: [3.4, 1.6, 2.2], yaw: -0.45, pitch: -0.05, vfov: 46 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 7, aperture: 0.8 });
  const r: Room = { x0: -5, x1: 5, z0: -2, z1: 12, h: 5 };
  const t = timeOf(p.time ?? "day");
  const lw = leftWall(r);
  const wins = [2.5, 6.2].map((a) => ({ a0: a, a1: a + 2.6, b0: 0.9, b1: 4.2 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r, { gloss: 0.3 });
  const rw = rightWall(r);
  brickWall(s, rw, [], { light: 0.85 });
  const bw = backWall(r);
  brickWall(s, bw, [], { painted: v === 1 ? hex("#e6ddd0") : undefined });
  concreteFloor(s, r, hex("#a89c90"));
  floorCorners(s, r);
  ceiling(s, r, { beams: "steel", spacing: 3 });
  // Backlit logo wall.
  plainWall(s, { origin: [-2.6, 0, 11.96], u: [1, 0, 0], len: 5.2, height: 3.4 }, C.teal, { layer: 2 });
  wallSign(s, { origin: [-2.6, 0, 11.94], u: [1, 0, 0], len: 5.2, height: 3.4 }, 0.6, 2.1, 4.0, 0.62, "OZARK FOUNDRY", {
    color: "#f3c98a",
    glow: true,
  });
  wallSign(
    s,
    { origin: [-2.6, 0, 11.94], u: [1, 0, 0], len: 5.2, height: 3.4 },
    1.2,
    1.6,
    2.8,
    0.22,
    "COWORK  ·  CREATE  ·  CONNECT",
    { color: "#e8dccb", weight: 500 },
  );
  // Desk with a slatted oak front.
  const slats = (ctx: CanvasRenderingContext2D, pts: [number, number][]) => {
    const xs = pts.map((q) => q[0]);
    const ys = pts.map((q) => q[1]);
    const x0 = Math.min(...xs);
    const x1 = Math.max(...xs);
    const y0 = Math.min(...ys);
    const y1 = Math.max(...ys);
    ctx.fillStyle = "rgba(60,35,18,0.35)";
    const n = 40;
    for (let i = 0; i < n; i++) ctx.fillRect(x0 + ((x1 - x0) * i) / n, y0, Math.max(0.8, (x1 - x0) / n / 4), y1 - y0);
  };
  box(s, -2.2, 0, 7.6, 2.2, 1.05, 8.4, C.oak, { frontDetail: slats, top: hex("#e9e3da") });
  laptop(s, 0.8, 1.05, 8.1, "+z");
  mug(s, -0.9, 1.05, 7.9, C.amber);
  plant(s, -1.8, 8.2, { kind: "snake", h: 0.5 });
  for (const x of [-1.4, 0, 1.4])
    pendant(s, x, 3.1, 8, { ceiling: r.h, style: "globe", size: 0.38, pool: t.lamp, poolY: 1.05 });
  if (people(p) > 0) {
    person(s, 0.3, 9.0, { pose: "stand", shirt: C.teal });
    person(s, -0.9, 6.7, { pose: "stand", away: true });
  }
  rug(s, 2.6, 4.2, 3.2, 2.4, hex("#c9b79a"), C.rust);
  chair(s, 2.0, 4.0, { style: "lounge", color: C.leather, back: "+x" });
  chair(s, 3.7, 3.6, { style: "lounge", color: C.cream, back: "+x" });
  table(s, 2.8, 4.6, 0.7, 0.7, { h: 0.42, top: C.walnut, legs: "pedestal" });
  plant(s, 4.4, 6.5, { kind: "fig", h: 2.1 });
  plant(s, -4.4, 10.5, { kind: "palm", h: 1.9 });
  shelving(s, -4.9, -3.0, 11.9, { levels: 4 });
  return render(s);
};

// ---------------------------------------------------------------- private offices

/** A corridor lined with glass-fronted private offices. */
export const offices: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [-1.9, 1.55, 0.3], yaw: 0.2, pitch: -0.02, vfov: 50 },
    { pos: [-0.6, 1.5, 0.5], yaw: 0.05, pitch: -0.03, vfov: 46 },
    { pos: [-2.6, 1.4, 2.5], yaw: 0.6, pitch: -0.04, vfov: 44 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 5, aperture: 0.9 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -4, x1: 5, z0: -2, z1: 22, h: 4.2 };
  brickWall(s, leftWall(r), []);
  const rw = rightWall(r);
  const wins: Opening[] = [];
  for (let a = 1; a < 22; a += 3.2) wins.push({ a0: a + 0.3, a1: a + 2.4, b0: 1.0, b1: 3.4 });
  brickWall(s, rw, wins);
  windowsOn(s, rw, wins, p, r, { cols: 3, rows: 4, sunOff: true });
  brickWall(s, backWall(r), [], { painted: hex("#e8e0d4") });
  woodFloor(s, r, C.walnut, { plank: 0.16 });
  floorCorners(s, r);
  ceiling(s, r, { beams: "none", color: hex("#2d2926") });
  for (let z = 0; z < 21; z += 3.2) {
    // Office bay behind glass from x = 1 to 5.
    box(s, 1.0, 0, z - 0.06, 5, 3.1, z + 0.06, C.plaster, { edge: 0.02 });
    const desk = rng.pick([C.oak, C.walnut, C.pine]);
    table(s, 3.6, z + 1.6, 0.8, 1.6, { top: desk, legs: "four" });
    chair(s, 4.3, z + 1.6, { style: "task", back: "+x", color: rng.pick([C.charcoal, C.teal, hex("#5a4a42")]) });
    laptop(s, 3.5, 0.74, z + 1.6, "+x");
    if (rng.chance(0.5 * people(p))) person(s, 4.3, z + 1.6, { pose: "sit" });
    plant(s, 1.5, z + 2.7, { kind: rng.pick(["snake", "fig", "monstera"] as const), h: rng.range(0.8, 1.5) });
    shelving(s, 1.4, 2.6, z + 0.4, { levels: 3, depth: 0.28, y0: 0.5 });
    pendant(s, 3.6, 2.3, z + 1.6, {
      ceiling: 3.1,
      style: "cone",
      color: C.steel,
      size: 0.35,
      pool: t.lamp,
      poolY: 0.74,
    });
    glassPanel(s, [1.0, 0, z + 0.06], [1.0, 0, z + 2.3], 3.1, {});
    glassPanel(s, [1.0, 0, z + 2.3], [1.0, 0, z + 3.14], 3.1, { door: true });
    box(s, 1.0, 3.1, z, 5, 3.4, z + 3.2, C.plaster, { edge: 0 });
    wallSign(
      s,
      { origin: [0.98, 0, z + 3.1], u: [0, 0, -1], len: 0.8, height: 3 },
      0.15,
      1.9,
      0.5,
      0.08,
      `SUITE ${101 + Math.round(z / 3.2)}`,
      { color: "#3a3632", weight: 600 },
    );
  }
  // Corridor side: bench, plants, art.
  box(s, -3.95, 0.42, 4, -3.5, 0.48, 7, C.oak);
  box(s, -3.95, 0, 4.1, -3.55, 0.42, 4.2, C.steel);
  box(s, -3.95, 0, 6.8, -3.55, 0.42, 6.9, C.steel);
  artwork(s, leftWall(r), 6, 7.2, 1.4, 2.4, [C.teal, C.amber, C.cream]);
  artwork(s, leftWall(r), 10, 11.4, 1.3, 2.5, [C.rust, C.olive, C.cream]);
  plant(s, -3.5, 2.2, { kind: "fig", h: 1.9 });
  plant(s, -3.5, 9.2, { kind: "snake", h: 1.0 });
  for (let z = 1.5; z < 22; z += 3)
    pendant(s, -1.5, 3.0, z, { ceiling: r.h, style: "globe", size: 0.28, pool: t.lamp * 0.8 });
  if (people(p) > 0) person(s, -1.6, 8.5, { pose: "stand" });
  return render(s);
};

/** Inside a private office: desk by the window, glass front, shelves. */
export const officeInterior: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [-1.6, 1.45, 0.3], yaw: 0.3, pitch: -0.08, vfov: 54 },
    { pos: [0.4, 1.6, -1.3], yaw: 0.04, pitch: -0.1, vfov: 56 },
    { pos: [0, 1.3, 0.2], yaw: 0, pitch: -0.05, vfov: 50 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 3.5, aperture: 0.8 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -2.6, x1: 2.6, z0: -1.5, z1: 5.2, h: 3.3 };
  const bw = backWall(r);
  const wins = [{ a0: 0.7, a1: 4.5, b0: 0.8, b1: 2.9 }];
  brickWall(s, bw, wins);
  windowsOn(s, bw, wins, p, r, { cols: 5, rows: 4, sunDir: [0.2, -0.6, -0.7] });
  plainWall(s, rightWall(r), v === 1 ? C.teal : C.plaster);
  // Glass front toward the corridor on the left.
  plainWall(s, leftWall(r), hex("#5b5550"), { light: 0.6 });
  for (let z = -1.5; z < 5.2; z += 1.6)
    glassPanel(s, [r.x0 + 0.02, 0, z], [r.x0 + 0.02, 0, Math.min(5.2, z + 1.6)], 3.3, {
      tint: "rgba(210,230,235,0.2)",
    });
  woodFloor(s, r, v === 2 ? C.walnut : C.oak, { plank: 0.15 });
  floorCorners(s, r);
  ceiling(s, r, { beams: "none", color: hex("#ece6dc") });
  rug(s, 0.2, 3.2, 2.6, 1.8, hex("#b6a184"), C.teal);
  table(s, 0.2, 3.9, 1.7, 0.8, { top: C.walnut, legs: "four" });
  chair(s, 0.2, 3.0, { style: "task", back: "-z", color: C.charcoal });
  laptop(s, 0.0, 0.74, 4.0, "-z");
  mug(s, 0.7, 0.74, 3.8, C.cream);
  books(s, -0.6, -0.3, 0.74, 3.7, 4.1, 0.22);
  if (people(p) > 0) person(s, 0.2, 3.0, { pose: "sit", away: true });
  shelving(s, 1.2, 2.55, 0.9, { levels: 4, depth: 0.32 });
  chair(s, -1.6, 1.8, { style: "lounge", color: rng.pick([C.leather, C.teal, C.olive]), back: "-x" });
  plant(s, 2.1, 4.6, { kind: "fig", h: 1.8 });
  plant(s, -2.1, 4.6, { kind: "snake", h: 0.9 });
  artwork(s, rightWall(r), 1.5, 3.0, 1.5, 2.4, [C.amber, C.rust, C.teal]);
  pendant(s, 0.2, 2.3, 3.9, { ceiling: r.h, style: "dome", color: C.amber, size: 0.42, pool: t.lamp, poolY: 0.74 });
  return render(s);
};

// ---------------------------------------------------------------- meeting rooms

/** The Brainstorm room (variant 0-2) or the four-person Focus room (variant 3+). */
export const meeting: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const focusRoom = v >= 3;
  const cams: CamDef[] = [
    { pos: [0.2, 1.65, 0.3], yaw: 0, pitch: -0.14, vfov: 52 },
    { pos: [-2.2, 1.6, 0.8], yaw: 0.42, pitch: -0.12, vfov: 50 },
    { pos: [2.3, 1.5, 1.2], yaw: -0.55, pitch: -0.1, vfov: 50 },
    { pos: [-1.4, 1.5, 0.2], yaw: 0.28, pitch: -0.12, vfov: 54 },
    { pos: [1.3, 1.45, 0.4], yaw: -0.25, pitch: -0.1, vfov: 54 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 4, aperture: 0.7 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = focusRoom
    ? { x0: -2.2, x1: 2.2, z0: -1, z1: 4.6, h: 3.2 }
    : { x0: -3, x1: 3, z0: -1, z1: 7.4, h: 3.6 };
  const rw = rightWall(r);
  const wins = focusRoom
    ? [{ a0: 1.5, a1: 4.5, b0: 0.8, b1: 2.8 }]
    : [
        { a0: 1.8, a1: 4.6, b0: 0.9, b1: 3.2 },
        { a0: 5.2, a1: 7.8, b0: 0.9, b1: 3.2 },
      ];
  brickWall(s, rw, wins);
  windowsOn(s, rw, wins, p, r, { cols: 3, rows: 4, sunDir: [-0.6, -0.55, 0.3] });
  const bw = backWall(r);
  plainWall(s, bw, focusRoom ? hex("#d9c9a8") : C.teal, { light: 0.95 });
  const lw = leftWall(r);
  plainWall(s, lw, hex("#6c6660"), { light: 0.55 });
  for (let z = r.z0; z < r.z1; z += 1.4)
    glassPanel(s, [r.x0 + 0.02, 0, z], [r.x0 + 0.02, 0, Math.min(r.z1, z + 1.4)], r.h, {
      tint: "rgba(200,220,226,0.22)",
    });
  woodFloor(s, r, C.oak, { plank: 0.14 });
  floorCorners(s, r);
  ceiling(s, r, { beams: "none", color: hex("#efe9df") });
  if (focusRoom) {
    table(s, 0, 2.6, 1.2, 1.2, { top: C.oak, legs: "pedestal" });
    chair(s, -0.85, 2.6, { style: "wood", back: "-x", color: C.walnut });
    chair(s, 0.85, 2.6, { style: "wood", back: "+x", color: C.walnut });
    chair(s, 0, 3.45, { style: "wood", back: "+z", color: C.walnut });
    chair(s, 0, 1.75, { style: "wood", back: "-z", color: C.walnut });
    screenPanel(s, 0, 1.2, r.z1 - 0.05, 1.4, 0.8, { content: "chart", bezel: 0.02 });
    laptop(s, 0.1, 0.74, 2.9, "+z");
    mug(s, -0.3, 0.74, 2.3, C.amber);
    if (people(p) > 0) {
      person(s, 0, 3.45, { pose: "sit" });
      person(s, -0.85, 2.6, { pose: "sit" });
    }
    pendant(s, 0, 2.1, 2.6, { ceiling: r.h, style: "dome", color: C.teal, size: 0.5, pool: t.lamp, poolY: 0.74 });
    plant(s, 1.7, 4.1, { kind: "monstera", h: 1.1 });
    whiteboard(s, lw, 1.5, 3.6, 1.0, 2.1);
  } else {
    table(s, 0, 3.9, 1.3, 3.8, { top: C.walnut, legs: "trestle" });
    for (let i = 0; i < 4; i++) {
      const z = 2.4 + i * 1.0;
      chair(s, -1.0, z, { style: "task", back: "-x", color: rng.pick([C.charcoal, hex("#6a5f55")]) });
      chair(s, 1.0, z, { style: "task", back: "+x", color: rng.pick([C.charcoal, hex("#6a5f55")]) });
      if (rng.chance(0.5 * people(p))) person(s, -1.0, z, { pose: "sit" });
      if (rng.chance(0.5 * people(p))) person(s, 1.0, z, { pose: "sit" });
      if (rng.chance(0.5)) laptop(s, -0.4, 0.74, z, "-x");
      if (rng.chance(0.4)) mug(s, 0.4, 0.74, z + 0.2, C.cream);
    }
    chair(s, 0, 6.2, { style: "task", back: "+z", color: C.charcoal });
    screenPanel(s, 0, 1.1, r.z1 - 0.05, 2.2, 1.25, { content: v === 1 ? "chart" : "slide", bezel: 0.02 });
    wallSign(s, bw, 0.5, 2.9, 1.6, 0.22, "BRAINSTORM", { color: "#f0e2c8", weight: 600 });
    whiteboard(s, lw, 2.5, 6.0, 1.0, 2.2);
    pendant(s, 0, 2.3, 3.9, {
      ceiling: r.h,
      style: "linear",
      color: C.steel,
      size: 0.6,
      pool: t.lamp + 0.1,
      poolY: 0.74,
    });
    plant(s, 2.5, 6.8, { kind: "fig", h: 1.7 });
    plant(s, -2.5, 6.9, { kind: "snake", h: 0.9 });
  }
  return render(s);
};

// ---------------------------------------------------------------- Think Lounge

/**
 * The Think Lounge event space. Variants: 0 empty theatre rows (day), 1 talk with audience (evening),
 * 2 wide view from the stage side, 3 pitch night, 4 workshop tables, 5 calm empty (dim), 6 mixer.
 */
export const eventSpace: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [1.6, 1.7, 0.8], yaw: -0.05, pitch: -0.05, vfov: 52 },
    { pos: [-2.4, 1.6, 2.0], yaw: 0.1, pitch: -0.03, vfov: 46 },
    { pos: [6.5, 2.2, 17.5], yaw: -2.55, pitch: -0.12, vfov: 52 },
    { pos: [3.4, 1.5, 3.2], yaw: -0.15, pitch: -0.02, vfov: 44 },
    { pos: [-5.2, 1.8, 2.0], yaw: 0.38, pitch: -0.1, vfov: 50 },
    { pos: [0, 1.6, 1.2], yaw: 0, pitch: -0.03, vfov: 50 },
    { pos: [4.5, 1.7, 3.5], yaw: -0.4, pitch: -0.04, vfov: 50 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 9, aperture: 0.9 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -8, x1: 8, z0: -2, z1: 22, h: 6 };
  const lw = leftWall(r);
  const wins = [3, 8, 13].map((a) => ({ a0: a, a1: a + 3, b0: 1.2, b1: 4.8 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r);
  brickWall(s, rightWall(r), [], { light: 0.8 });
  const bw = backWall(r);
  brickWall(s, bw, [], { light: 0.9 });
  woodFloor(s, r, C.oak);
  floorCorners(s, r);
  ceiling(s, r, { beams: "steel", spacing: 3.2, color: hex("#2a2622") });
  // Stage and screen.
  box(s, -5.5, 0, 18.2, 5.5, 0.5, 22, C.walnut, { top: hex("#3a2a20"), depthBias: 3 });
  screenPanel(s, 0, 1.9, 21.9, 6, 3.4, { content: v === 3 ? "logo" : v === 4 ? "chart" : "slide", bezel: 0.04 });
  wallSign(s, bw, 1.2, 4.2, 3.8, 0.55, "THINK LOUNGE", { color: "#f2c27e", glow: v !== 0 });
  box(s, 3.2, 0.5, 19.4, 3.8, 1.6, 19.9, C.walnut, { front: hex("#4b3323") });
  const speaker = v === 1 || v === 3;
  if (speaker) {
    person(s, -1.4, 19.5, { pose: "stand", shirt: rng.pick([C.rust, C.navy, C.cream]), blur: 0.8 });
    lightPool(s, -1.4, 0.5, 19.5, 1.6, hex("#ffe2b0"), 0.5);
  }
  const busy = people(p);
  if (v === 4) {
    // Workshop: cabaret tables.
    for (const tz of [7, 11, 15]) {
      for (const tx of [-4.5, 0, 4.5]) {
        table(s, tx, tz, 1.8, 0.9, { top: C.oak, legs: "four" });
        for (const dx of [-0.5, 0.5]) {
          chair(s, tx + dx, tz - 0.75, { style: "stack", back: "-z", color: C.teal });
          if (rng.chance(0.7 * busy)) person(s, tx + dx, tz - 0.75, { pose: "sit", away: true });
          if (rng.chance(0.6)) laptop(s, tx + dx, 0.74, tz - 0.1, "-z");
        }
      }
    }
  } else if (v === 6) {
    for (let i = 0; i < 26 * busy; i++) person(s, rng.range(-6.5, 6.5), rng.range(4, 17), { pose: "stand", blur: 1.6 });
    for (const tx of [-5, 5]) {
      table(s, tx, 9, 0.7, 0.7, { h: 1.05, top: C.walnut, legs: "pedestal" });
    }
  } else {
    const rows = 6;
    const perSide = 6;
    for (let rI = 0; rI < rows; rI++) {
      const z = 6 + rI * 1.6;
      for (let i = 0; i < perSide * 2; i++) {
        const side = i < perSide ? -1 : 1;
        const j = i % perSide;
        const x = side * (1.0 + j * 0.9 + 0.3);
        chair(s, x, z, { style: "stack", back: "-z", color: v === 5 ? hex("#3e5a62") : C.teal });
        if (v !== 0 && v !== 5 && rng.chance(0.72 * busy)) person(s, x, z, { pose: "sitBack", away: true, blur: 1.4 });
      }
    }
  }
  const style = v === 6 || v === 1 ? "strings" : "pendants";
  if (style === "strings") {
    for (let z = 3; z < 20; z += 3.2) stringLights(s, [r.x0, 4.8, z], [r.x1, 4.8, z + 1.5], 0.7, 16);
  } else {
    for (let z = 4; z < 18; z += 4)
      for (const x of [-4, 4])
        pendant(s, x, 3.8, z, { ceiling: r.h, style: "cone", color: C.steel, size: 0.5, pool: t.lamp * 0.6 });
  }
  plant(s, -7.2, 17.5, { kind: "fig", h: 2.3 });
  plant(s, 7.2, 17.5, { kind: "palm", h: 2.0 });
  plant(s, 7.3, 3.0, { kind: "monstera", h: 1.3 });
  // Entrance wall behind the default viewpoints (seen from the stage), added last so that the
  // random choices above stay the same.
  const fw: Wall = { origin: [r.x1, 0, r.z0], u: [-1, 0, 0], len: r.x1 - r.x0, height: r.h };
  const doors = [{ a0: 6.5, a1: 9.5, b0: 0, b1: 3 }];
  brickWall(s, fw, doors, { light: 0.85 });
  windowsOn(s, fw, doors, p, r, { cols: 2, rows: 3, sunOff: true });
  return render(s);
};

// ---------------------------------------------------------------- café and kitchen

export const cafe: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [-1.2, 1.55, 0.6], yaw: 0.1, pitch: -0.06, vfov: 50 },
    { pos: [2.6, 1.45, 2.2], yaw: -0.38, pitch: -0.06, vfov: 48 },
    { pos: [-3.2, 1.35, 3.5], yaw: 0.55, pitch: -0.05, vfov: 46 },
    { pos: [0.4, 1.5, 4.4], yaw: 0.02, pitch: -0.08, vfov: 44 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 6, aperture: 0.9 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -5, x1: 5, z0: -2, z1: 12, h: 4.6 };
  const lw = leftWall(r);
  const wins = [1.5, 6].map((a) => ({ a0: a, a1: a + 3, b0: 0.9, b1: 3.9 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r);
  brickWall(s, rightWall(r), [], { light: 0.85 });
  const bw = backWall(r);
  brickWall(s, bw, [{ a0: 0.5, a1: 9.5, b0: 0.9, b1: 2.5 }], { painted: undefined });
  // Tiled splashback.
  plainWall(s, { origin: [-4.5, 0.9, 11.99], u: [1, 0, 0], len: 9, height: 1.6 }, hex("#cdbfae"), {
    layer: 1,
    light: 0.85,
  });
  concreteFloor(s, r, hex("#8e8378"));
  floorCorners(s, r);
  ceiling(s, r, { beams: "timber", spacing: 2.6 });
  // Counter with teal cabinets.
  box(s, -4.5, 0, 11.3, 4.5, 0.9, 12, C.teal, { top: hex("#e6e1d8"), depthBias: 1 });
  box(s, -4.5, 0.9, 11.25, 4.5, 0.94, 12, hex("#e6e1d8"), { depthBias: 0.9 });
  box(s, -3.2, 0.94, 11.55, -2.4, 1.45, 11.95, hex("#c8ccd0"), { gloss: 0.35 });
  box(s, 2.2, 0.94, 11.5, 2.6, 1.2, 11.9, hex("#d9cfc0"));
  for (const y of [1.8, 2.3]) {
    box(s, -4.2, y - 0.03, 11.7, 4.2, y, 12, C.walnut, { depthBias: 0.5 });
    for (let x = -4; x < 4; x += 0.26)
      if (rng.chance(0.6)) mug(s, x, y, 11.85, rng.pick([C.cream, C.white, C.amber, C.teal]));
  }
  wallSign(s, bw, 3.2, 3.55, 3.2, 0.4, "FOUNDRY CAFE", { color: "#f4ead8", weight: 700 });
  // Island with stools.
  box(s, -2.2, 0, 7.2, 2.2, 0.95, 8.2, C.oak, { top: hex("#ece7df"), depthBias: 0.2 });
  for (const x of [-1.6, -0.5, 0.6, 1.7]) {
    chair(s, x, 6.75, { style: "stool", color: C.leather, frame: C.steel });
    if (rng.chance(0.35 * people(p))) person(s, x, 6.75, { pose: "sit", away: true, seatY: 0.66 });
  }
  for (const x of [-1.5, 0, 1.5])
    pendant(s, x, 2.4, 7.7, { ceiling: r.h, style: v % 2 ? "cage" : "globe", size: 0.36, pool: t.lamp, poolY: 0.95 });
  for (const [x, z] of [
    [-3.2, 3.2],
    [0.5, 2.6],
    [3.3, 3.6],
  ] as [number, number][]) {
    table(s, x, z, 0.75, 0.75, { top: C.walnut, legs: "pedestal" });
    chair(s, x - 0.6, z, { style: "wood", back: "-x", color: C.pine });
    chair(s, x + 0.6, z, { style: "wood", back: "+x", color: C.pine });
    mug(s, x + 0.1, 0.74, z, C.cream);
    if (rng.chance(0.5 * people(p))) person(s, x - 0.6, z, { pose: "sit" });
  }
  plant(s, 4.4, 9.5, { kind: "fig", h: 2 });
  plant(s, -4.4, 10.4, { kind: "monstera", h: 1.1 });
  if (people(p) > 0) person(s, 0.8, 10.7, { pose: "stand", shirt: C.cream });
  return render(s);
};

// ---------------------------------------------------------------- lounge

export const lounge: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [-0.6, 1.35, 0.4], yaw: 0.05, pitch: -0.08, vfov: 50 },
    { pos: [2.8, 1.5, 1.4], yaw: -0.42, pitch: -0.08, vfov: 50 },
    { pos: [-3.0, 1.2, 2.0], yaw: 0.45, pitch: -0.05, vfov: 46 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 5, aperture: 0.9 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -5, x1: 5, z0: -2, z1: 10, h: 4.6 };
  const lw = leftWall(r);
  const wins = [1.6, 5.6].map((a) => ({ a0: a, a1: a + 2.8, b0: 0.8, b1: 3.9 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r);
  brickWall(s, rightWall(r), [], { light: 0.85 });
  const bw = backWall(r);
  brickWall(s, bw, [], { painted: v === 2 ? hex("#2d5560") : undefined });
  woodFloor(s, r, C.walnut);
  floorCorners(s, r);
  ceiling(s, r, { beams: "timber" });
  shelving(s, -4.6, 4.6, 9.95, { levels: 5, depth: 0.34, gap: 0.5, y0: 0.35 });
  rug(s, 0, 5.2, 4.4, 3.2, hex("#c4a985"), C.teal);
  const sofaColor = rng.pick([C.teal, hex("#8a6a4a"), hex("#58656b"), C.olive]);
  sofa(s, 0, 6.6, 2.6, sofaColor, "+z");
  chair(s, -2.0, 4.6, { style: "lounge", color: C.leather, back: "-x" });
  chair(s, 2.0, 4.6, { style: "lounge", color: C.cream, back: "+x" });
  table(s, 0, 5.0, 1.2, 0.7, { h: 0.4, top: C.oak, legs: "four" });
  books(s, -0.3, 0.1, 0.4, 4.8, 5.1, 0.06);
  mug(s, 0.3, 0.4, 5.0, C.amber);
  plant(s, -4.2, 8.6, { kind: "fig", h: 2.2 });
  plant(s, 3.9, 8.5, { kind: "monstera", h: 1.3 });
  plant(s, 1.5, 7.6, { kind: "snake", h: 0.9 });
  if (people(p) > 0) {
    person(s, -0.6, 6.3, { pose: "sit", seatY: 0.45 });
  }
  if (v === 1 || p.time === "evening") {
    stringLights(s, [r.x0, 3.6, 1], [r.x1, 3.8, 8], 0.5, 18);
    stringLights(s, [r.x0, 3.7, 6], [r.x1, 3.6, 2], 0.5, 18);
  }
  pendant(s, 0, 2.6, 5.0, { ceiling: r.h, style: "globe", size: 0.55, pool: t.lamp });
  billboard(s, [3.4, 0, 7.2], (ctx, x, y, k) => {
    ctx.strokeStyle = "#2a2725";
    ctx.lineWidth = Math.max(1, 0.025 * k);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x, y - 1.55 * k);
    ctx.stroke();
    ctx.fillStyle = "#efe3cc";
    ctx.beginPath();
    ctx.moveTo(x - 0.2 * k, y - 1.45 * k);
    ctx.lineTo(x + 0.2 * k, y - 1.45 * k);
    ctx.lineTo(x + 0.14 * k, y - 1.75 * k);
    ctx.lineTo(x - 0.14 * k, y - 1.75 * k);
    ctx.fill();
  });
  return render(s);
};

// ---------------------------------------------------------------- podcast studio

export const podcast: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [0.5, 1.35, 0.3], yaw: -0.05, pitch: -0.12, vfov: 50 },
    { pos: [-1.3, 1.3, 0.9], yaw: 0.32, pitch: -0.12, vfov: 48 },
    { pos: [1.5, 1.2, 1.6], yaw: -0.5, pitch: -0.1, vfov: 44 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, {
    focus: 2.8,
    aperture: 1.4,
    exposure: 0.92,
    bloom: 1.2,
    haze: [90, 70, 60],
    hazeDist: 30,
    tint: [255, 170, 110],
    tintStrength: 0.3,
  });
  const rng = s.rng;
  const r: Room = { x0: -2.6, x1: 2.6, z0: -1.5, z1: 5.2, h: 3.1 };
  const bw = backWall(r);
  plainWall(s, bw, hex("#2f3538"), { light: 0.7 });
  acousticPanels(s, bw, 0.25, 5.0, 0.6, 2.9, [C.teal, hex("#1e3a44"), hex("#38444a")], 0.56);
  const lw = leftWall(r);
  brickWall(s, lw, [], { light: 0.55 });
  const rw = rightWall(r);
  plainWall(s, rw, hex("#4a3a2e"), { light: 0.7 });
  // Oak slat wall on the right.
  for (let a = 0.2; a < 6.6; a += 0.09) {
    box(s, r.x1 - 0.05, 0.1, r.z0 + a, r.x1, 3.0, r.z0 + a + 0.05, C.oak, { edge: 0 });
  }
  acousticPanels(s, lw, 3.0, 6.4, 0.9, 2.6, [C.amber, hex("#b9874a")], 0.5);
  woodFloor(s, r, C.walnut, { plank: 0.14 });
  floorCorners(s, r);
  ceiling(s, r, { beams: "none", color: hex("#1f1f21") });
  rug(s, 0, 3.1, 3.2, 2.6, hex("#6e3b2c"), C.amber);
  table(s, 0, 3.2, 1.5, 1.0, { top: C.walnut, legs: "pedestal", h: 0.74 });
  const seats: [number, number, "-z" | "+z" | "-x" | "+x"][] = [
    [0, 3.95, "+z"],
    [-1.0, 3.2, "-x"],
    [1.0, 3.2, "+x"],
  ];
  for (const [x, z, b] of seats) {
    chair(s, x, z, { style: "task", back: b, color: hex("#2e2b29") });
    if (rng.chance(0.6 * people(p))) person(s, x, z, { pose: "sit", blur: 1.0 });
  }
  // Microphones on boom arms.
  for (const [x, z, dir] of [
    [0, 3.5, 0],
    [-0.55, 3.2, -1],
    [0.55, 3.2, 1],
  ] as [number, number, number][]) {
    billboard(s, [x, 0.74, z], (ctx, px, py, k) => {
      ctx.strokeStyle = "#18191b";
      ctx.lineCap = "round";
      ctx.lineWidth = Math.max(1, 0.018 * k);
      const bx = px - dir * 0.15 * k;
      ctx.beginPath();
      ctx.moveTo(bx, py);
      ctx.lineTo(bx, py - 0.28 * k);
      ctx.lineTo(px + dir * 0.1 * k, py - 0.52 * k);
      ctx.lineTo(px + dir * 0.05 * k, py - 0.44 * k);
      ctx.stroke();
      const g = ctx.createLinearGradient(px - 0.04 * k, 0, px + 0.04 * k, 0);
      g.addColorStop(0, "#6a6d70");
      g.addColorStop(0.4, "#c9cbcc");
      g.addColorStop(1, "#2a2b2d");
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.ellipse(px + dir * 0.05 * k, py - 0.38 * k, 0.032 * k, 0.075 * k, dir * 0.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "rgba(20,20,22,0.55)";
      ctx.beginPath();
      ctx.arc(px + dir * 0.01 * k, py - 0.36 * k, 0.06 * k, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#111";
      ctx.fillRect(px - 0.07 * k, py - 0.03 * k, 0.14 * k, 0.03 * k);
    });
  }
  box(s, -0.2, 0.74, 2.85, 0.35, 0.8, 3.1, hex("#222326"), { gloss: 0.2 });
  laptop(s, 0.45, 0.74, 2.9, "-z");
  // ON AIR sign.
  const onAir: Wall = { origin: [-0.5, 0, 5.15], u: [1, 0, 0], len: 1, height: 3 };
  plainWall(s, { origin: [-0.5, 2.45, 5.14], u: [1, 0, 0], len: 1.0, height: 0.32 }, hex("#3a0e0c"), { layer: 2 });
  wallSign(s, onAir, 0.1, 2.5, 0.8, 0.22, "ON AIR", { color: "#ff5a3c", glow: true });
  // Warm practical light and teal LED strip.
  pendant(s, 0, 2.2, 3.2, { ceiling: r.h, style: "dome", color: hex("#202326"), size: 0.5, pool: 0.5, poolY: 0.74 });
  const strip = (ctx: CanvasRenderingContext2D) => {
    const a = proj(s.cam, wallPoint(bw, 0, 0.3));
    const b = proj(s.cam, wallPoint(bw, 5.2, 0.3));
    ctx.strokeStyle = "rgba(80,200,210,0.9)";
    ctx.lineWidth = 3 * s.u;
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]);
    ctx.lineTo(b[0], b[1]);
    ctx.stroke();
  };
  if (v !== 2) s.addGlow(strip);
  plant(s, -2.1, 4.7, { kind: "snake", h: 1.0 });
  box(s, 1.5, 0, 4.6, 2.5, 0.9, 5.1, hex("#2a2422"), { top: hex("#3a302a") });
  box(s, 1.6, 0.9, 4.7, 1.8, 1.4, 4.95, hex("#1b1b1d"));
  box(s, 2.2, 0.9, 4.7, 2.4, 1.4, 4.95, hex("#1b1b1d"));
  return render(s);
};

// ---------------------------------------------------------------- phone booths

export const booths: SceneFn = (w, h, seed, p) => {
  const v = p.variant ?? 0;
  const cams: CamDef[] = [
    { pos: [-1.6, 1.55, 0.2], yaw: 0.28, pitch: -0.04, vfov: 50 },
    { pos: [-0.4, 1.5, 0.5], yaw: 0.12, pitch: -0.04, vfov: 46 },
    { pos: [-2.2, 1.4, 3.0], yaw: 0.85, pitch: -0.05, vfov: 46 },
  ];
  const s = setup(w, h, seed, p, cams[v % cams.length]!, { focus: 5, aperture: 0.9 });
  const rng = s.rng;
  const t = timeOf(p.time ?? "day");
  const r: Room = { x0: -3.5, x1: 4, z0: -2, z1: 16, h: 4.4 };
  const lw = leftWall(r);
  const wins = [2, 6.5, 11].map((a) => ({ a0: a, a1: a + 2.6, b0: 1.0, b1: 3.8 }));
  brickWall(s, lw, wins);
  windowsOn(s, lw, wins, p, r, { gloss: 0.3 });
  brickWall(s, rightWall(r), []);
  brickWall(s, backWall(r), [], { painted: hex("#e3d9ca") });
  concreteFloor(s, r, hex("#a1958a"));
  floorCorners(s, r);
  ceiling(s, r, { beams: "steel", spacing: 3.2 });
  const colors: RGB[] = [C.teal, C.amber, hex("#5d6a70"), C.olive, C.rust];
  for (let i = 0; i < 5; i++) {
    const z0 = 2 + i * 1.35;
    const col = colors[(i + v) % colors.length]!;
    const x0 = 2.7;
    const x1 = 3.95;
    contactShadow(s, x0, z0, x1, z0 + 1.2, 0.4, 0.1);
    box(s, x0, 0, z0, x1, 0.08, z0 + 1.2, scale(col, 0.6), { edge: 0 });
    box(s, x0, 2.15, z0, x1, 2.3, z0 + 1.2, col, { top: mix(col, hex("#ffffff"), 0.1) });
    box(s, x0, 0.08, z0, x1, 2.15, z0 + 0.08, col, { depthBias: -0.3 });
    box(s, x0, 0.08, z0 + 1.12, x1, 2.15, z0 + 1.2, col);
    box(s, x1 - 0.08, 0.08, z0, x1, 2.15, z0 + 1.2, scale(col, 0.8));
    // Warm interior light.
    plainWall(
      s,
      { origin: [x1 - 0.09, 0.08, z0 + 0.08], u: [0, 0, 1], len: 1.04, height: 2.07 },
      mix(col, hex("#ffe8c8"), 0.35),
      { layer: 3 },
    );
    box(s, x1 - 0.45, 0.95, z0 + 0.2, x1 - 0.08, 0.99, z0 + 1.0, C.oak);
    box(s, x1 - 0.55, 0, z0 + 0.45, x1 - 0.25, 0.45, z0 + 0.75, hex("#3a3531"));
    if (rng.chance(0.35 * people(p))) person(s, x1 - 0.45, z0 + 0.6, { pose: "sit", seatY: 0.45 });
    glassPanel(s, [x0, 0.08, z0 + 0.08], [x0, 0.08, z0 + 1.12], 2.07, { door: true, tint: "rgba(230,240,240,0.14)" });
    pendant(s, x1 - 0.5, 2.0, z0 + 0.6, { ceiling: 2.15, style: "globe", size: 0.16, pool: t.lamp * 0.6, poolY: 0.99 });
  }
  plant(s, -3.0, 2.5, { kind: "fig", h: 2.0 });
  plant(s, -3.0, 9.5, { kind: "snake", h: 1.0 });
  box(s, -3.45, 0.42, 4.6, -2.95, 0.48, 7.8, C.oak);
  if (people(p) > 0) person(s, -0.6, 10, { pose: "stand", blur: 2 });
  for (let z = 2; z < 15; z += 3.5)
    pendant(s, 0.5, 3.2, z, { ceiling: r.h, style: "cone", color: C.teal, size: 0.42, pool: t.lamp * 0.6 });
  return render(s);
};
