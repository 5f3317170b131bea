/**
 * A tiny perspective renderer for HTML canvas, run inside headless Chromium (see generate.ts).
 *
 * World units are metres: x to the right, y up, z away from the camera's default view. Scenes push
 * drawable items (room shell, decals, objects, light) with a depth; `render` paints them back to front,
 * blurs them by distance from the focus plane (depth of field), then adds bloom from emissive items,
 * light haze, colour grading, a vignette and film grain, so the result reads as a photograph.
 */

export type V3 = [number, number, number];
export type RGB = [number, number, number];
export type P2 = [number, number];

// ---------------------------------------------------------------- random

export interface Rng {
  (): number;
  range(a: number, b: number): number;
  int(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  jitter(v: number, amount: number): number;
}

export function makeRng(seed: number): Rng {
  let s = seed >>> 0 || 1;
  const next = (() => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rng;
  next.range = (a, b) => a + (b - a) * next();
  next.int = (a, b) => Math.floor(a + (b - a + 1) * next());
  next.pick = (items) => items[Math.floor(next() * items.length)]!;
  next.chance = (p) => next() < p;
  next.jitter = (v, amount) => v + (next() * 2 - 1) * amount;
  return next;
}

// ---------------------------------------------------------------- colour

export function hex(h: string): RGB {
  const n = Number.parseInt(h.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(c: RGB, f: number): RGB {
  return [c[0] * f, c[1] * f, c[2] * f];
}

export function rgba(c: RGB, a = 1): string {
  const cl = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return a >= 1
    ? `rgb(${cl(c[0])},${cl(c[1])},${cl(c[2])})`
    : `rgba(${cl(c[0])},${cl(c[1])},${cl(c[2])},${a.toFixed(3)})`;
}

export function vary(rng: Rng, c: RGB, amount: number): RGB {
  const f = 1 + (rng() * 2 - 1) * amount;
  return [c[0] * f * rng.range(0.97, 1.03), c[1] * f, c[2] * f * rng.range(0.97, 1.03)];
}

// ---------------------------------------------------------------- camera

export interface Camera {
  pos: V3;
  yaw: number;
  pitch: number;
  f: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
  near: number;
}

export function makeCamera(
  w: number,
  h: number,
  o: { pos: V3; yaw?: number; pitch?: number; fov?: number; shiftY?: number },
): Camera {
  const fov = ((o.fov ?? 70) * Math.PI) / 180;
  const f = w / 2 / Math.tan(fov / 2);
  return {
    pos: o.pos,
    yaw: o.yaw ?? 0,
    pitch: o.pitch ?? 0,
    f,
    cx: w / 2,
    cy: h / 2 + (o.shiftY ?? 0) * h,
    w,
    h,
    near: 0.15,
  };
}

export function toCam(c: Camera, p: V3): V3 {
  const dx = p[0] - c.pos[0];
  const dy = p[1] - c.pos[1];
  const dz = p[2] - c.pos[2];
  const cy = Math.cos(c.yaw);
  const sy = Math.sin(c.yaw);
  const x = dx * cy - dz * sy;
  const z1 = dx * sy + dz * cy;
  const cp = Math.cos(c.pitch);
  const sp = Math.sin(c.pitch);
  const y = dy * cp - z1 * sp;
  const z = dy * sp + z1 * cp;
  return [x, y, z];
}

export function projC(c: Camera, q: V3): P2 {
  return [c.cx + (c.f * q[0]) / q[2], c.cy - (c.f * q[1]) / q[2]];
}

export function proj(c: Camera, p: V3): P2 {
  return projC(c, toCam(c, p));
}

export function depthOf(c: Camera, p: V3): number {
  return toCam(c, p)[2];
}

/** Projects a world polygon, clipping it against the near plane. Returns null when fully behind. */
export function projectPoly(c: Camera, pts: V3[]): P2[] | null {
  const cam = pts.map((p) => toCam(c, p));
  const out: V3[] = [];
  for (let i = 0; i < cam.length; i++) {
    const a = cam[i]!;
    const b = cam[(i + 1) % cam.length]!;
    const ain = a[2] >= c.near;
    const bin = b[2] >= c.near;
    if (ain) out.push(a);
    if (ain !== bin) {
      const t = (c.near - a[2]) / (b[2] - a[2]);
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, c.near]);
    }
  }
  if (out.length < 3) return null;
  return out.map((q) => projC(c, q));
}

export function pathPoly(ctx: CanvasRenderingContext2D, pts: P2[]): void {
  ctx.beginPath();
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    if (i === 0) ctx.moveTo(p[0], p[1]);
    else ctx.lineTo(p[0], p[1]);
  }
  ctx.closePath();
}

// ---------------------------------------------------------------- scene

export type Draw = (ctx: CanvasRenderingContext2D) => void;

export interface Item {
  /** 0 background, 1 shell, 2 decals on the shell, 3 objects (depth sorted), 4 air (light shafts, haze). */
  layer: number;
  depth: number;
  draw: Draw;
  /** Extra blur in pixels (at 1920 px width) on top of depth of field; -1 disables depth of field. */
  blur?: number;
  composite?: GlobalCompositeOperation;
  alpha?: number;
  seq?: number;
}

export interface Look {
  /** Warm tint for soft-light grading. */
  tint: RGB;
  tintStrength: number;
  vignette: number;
  grain: number;
  bloom: number;
  /** Haze colour and how far it reaches (metres) for atmospheric depth. */
  haze: RGB;
  hazeDist: number;
  exposure: number;
  contrast: number;
  saturation: number;
  focus: number;
  aperture: number;
  lift: RGB;
}

export const defaultLook: Look = {
  tint: [255, 196, 128],
  tintStrength: 0.22,
  vignette: 0.42,
  grain: 0.065,
  bloom: 0.75,
  haze: [236, 214, 186],
  hazeDist: 28,
  exposure: 1,
  contrast: 1.04,
  saturation: 1,
  focus: 6,
  aperture: 0,
  lift: [24, 20, 18],
};

export interface Scene {
  w: number;
  h: number;
  /** Pixel unit: 1 at 1920 px width. */
  u: number;
  cam: Camera;
  rng: Rng;
  items: Item[];
  glow: Draw[];
  look: Look;
  add(item: Item): void;
  addGlow(draw: Draw): void;
  /** Colour faded toward the haze by camera distance. */
  hazeAt(c: RGB, depth: number): RGB;
}

export function makeScene(w: number, h: number, seed: number, cam: Camera, look: Partial<Look> = {}): Scene {
  const items: Item[] = [];
  const glow: Draw[] = [];
  let seq = 0;
  const fullLook = { ...defaultLook, ...look };
  return {
    w,
    h,
    u: w / 1920,
    cam,
    rng: makeRng(seed),
    items,
    glow,
    look: fullLook,
    add(item) {
      item.seq = seq++;
      items.push(item);
    },
    addGlow(draw) {
      glow.push(draw);
    },
    hazeAt(c, depth) {
      const t = 1 - Math.exp(-Math.max(0, depth) / fullLook.hazeDist);
      return mix(c, fullLook.haze, t * 0.85);
    },
  };
}

function newCanvas(w: number, h: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  const ctx = c.getContext("2d")!;
  return [c, ctx];
}

function dofBlur(s: Scene, it: Item): number {
  if (it.blur === -1) return 0;
  const extra = it.blur ?? 0;
  let b = 0;
  if (s.look.aperture > 0 && it.depth > 0) {
    b = s.look.aperture * Math.abs(1 / s.look.focus - 1 / it.depth) * s.look.focus;
  }
  const total = (b + extra) * s.u;
  // Quantise so neighbouring items share a layer.
  if (total < 0.6) return 0;
  return Math.round(total * 2) / 2;
}

/** Paints the scene and returns the finished canvas. */
export function render(s: Scene): HTMLCanvasElement {
  const { w, h, look } = s;
  const [main, ctx] = newCanvas(w, h);
  ctx.fillStyle = "#201a16";
  ctx.fillRect(0, 0, w, h);
  const sorted = [...s.items].sort((a, b) => {
    if (a.layer !== b.layer) return a.layer - b.layer;
    if (a.layer === 3) return b.depth - a.depth || a.seq! - b.seq!;
    return a.seq! - b.seq!;
  });
  const [layer, lctx] = newCanvas(w, h);
  let curBlur = -1;
  let curComp: GlobalCompositeOperation = "source-over";
  let curAlpha = 1;
  let dirty = false;
  const flush = () => {
    if (!dirty) return;
    ctx.save();
    ctx.globalCompositeOperation = curComp;
    ctx.globalAlpha = curAlpha;
    if (curBlur > 0) ctx.filter = `blur(${curBlur}px)`;
    ctx.drawImage(layer, 0, 0);
    ctx.restore();
    lctx.clearRect(0, 0, w, h);
    dirty = false;
  };
  for (const it of sorted) {
    const b = dofBlur(s, it);
    const comp = it.composite ?? "source-over";
    const alpha = it.alpha ?? 1;
    if (b !== curBlur || comp !== curComp || alpha !== curAlpha) {
      flush();
      curBlur = b;
      curComp = comp;
      curAlpha = alpha;
    }
    lctx.save();
    it.draw(lctx);
    lctx.restore();
    dirty = true;
  }
  flush();

  // Bloom from emissive things (windows, lamps, screens).
  if (s.glow.length > 0 && look.bloom > 0) {
    const [g, gctx] = newCanvas(w, h);
    for (const d of s.glow) {
      gctx.save();
      d(gctx);
      gctx.restore();
    }
    ctx.save();
    ctx.globalCompositeOperation = "screen";
    ctx.globalAlpha = 0.55 * look.bloom;
    ctx.filter = `blur(${Math.round(10 * s.u)}px)`;
    ctx.drawImage(g, 0, 0);
    ctx.globalAlpha = 0.5 * look.bloom;
    ctx.filter = `blur(${Math.round(46 * s.u)}px)`;
    ctx.drawImage(g, 0, 0);
    ctx.globalAlpha = 0.35 * look.bloom;
    ctx.filter = `blur(${Math.round(130 * s.u)}px)`;
    ctx.drawImage(g, 0, 0);
    ctx.restore();
  }
  return finish(s, main);
}

/** Lens softness, grading, vignette and grain. */
export function finish(s: Scene, src: HTMLCanvasElement): HTMLCanvasElement {
  const { w, h, look } = s;
  const [out, ctx] = newCanvas(w, h);
  ctx.filter = `blur(${(0.45 * s.u).toFixed(2)}px) brightness(${look.exposure}) contrast(${look.contrast}) saturate(${look.saturation})`;
  ctx.drawImage(src, 0, 0);
  ctx.filter = "none";
  // Warm soft-light grade, stronger toward the top-left light.
  ctx.save();
  ctx.globalCompositeOperation = "soft-light";
  const tg = ctx.createLinearGradient(0, 0, w, h);
  tg.addColorStop(0, rgba(look.tint, look.tintStrength * 1.2));
  tg.addColorStop(1, rgba(mix(look.tint, [90, 110, 140], 0.5), look.tintStrength * 0.7));
  ctx.fillStyle = tg;
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
  // Lifted blacks, like a soft film stock.
  ctx.save();
  ctx.globalCompositeOperation = "lighten";
  ctx.fillStyle = rgba(look.lift);
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
  // Vignette.
  ctx.save();
  const vg = ctx.createRadialGradient(w / 2, h / 2, Math.min(w, h) * 0.35, w / 2, h / 2, Math.hypot(w, h) * 0.62);
  vg.addColorStop(0, "rgba(0,0,0,0)");
  vg.addColorStop(1, `rgba(20,12,6,${look.vignette})`);
  ctx.fillStyle = vg;
  ctx.fillRect(0, 0, w, h);
  ctx.restore();
  // Film grain: a seeded noise tile, slightly softened, laid in overlay mode.
  if (look.grain > 0) {
    const tile = 192;
    const [n, nctx] = newCanvas(tile, tile);
    const img = nctx.createImageData(tile, tile);
    const r = makeRng(9137);
    for (let i = 0; i < img.data.length; i += 4) {
      const v = 128 + (r() + r() + r() - 1.5) * 120;
      img.data[i] = v;
      img.data[i + 1] = v;
      img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
    nctx.putImageData(img, 0, 0);
    ctx.save();
    ctx.globalCompositeOperation = "overlay";
    ctx.globalAlpha = look.grain;
    const scaleG = Math.max(1, s.u * 1.2);
    ctx.filter = "blur(0.5px)";
    for (let y = 0; y < h; y += tile * scaleG) {
      for (let x = 0; x < w; x += tile * scaleG) ctx.drawImage(n, x, y, tile * scaleG, tile * scaleG);
    }
    ctx.restore();
  }
  return out;
}

// ---------------------------------------------------------------- primitives

/** Adds a flat world polygon (shell or decal) with a fill style computed from its projection. */
export function poly(
  s: Scene,
  pts: V3[],
  fill: string | ((ctx: CanvasRenderingContext2D, p: P2[]) => string | CanvasGradient),
  o: { layer?: number; blur?: number; composite?: GlobalCompositeOperation; alpha?: number; depth?: number } = {},
): void {
  const p = projectPoly(s.cam, pts);
  if (!p) return;
  const depth = o.depth ?? Math.min(...pts.map((q) => depthOf(s.cam, q)));
  s.add({
    layer: o.layer ?? 1,
    depth,
    blur: o.blur,
    composite: o.composite,
    alpha: o.alpha,
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = typeof fill === "string" ? fill : fill(ctx, p);
      ctx.fill();
    },
  });
}

/** Bounds of projected points. */
export function bounds(p: P2[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of p) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

export interface BoxOpts {
  top?: RGB;
  front?: RGB;
  /** Light comes from -x (left) when dir < 0, from +x when dir > 0. */
  lightDir?: number;
  gloss?: number;
  emissiveFront?: boolean;
  edge?: number;
  blur?: number;
  /** Draw nothing for the faces listed (e.g. to build open shelves). */
  skip?: string[];
  /** Paint a detail (texture) on the face facing -z. */
  frontDetail?: (ctx: CanvasRenderingContext2D, p: P2[]) => void;
  topDetail?: (ctx: CanvasRenderingContext2D, p: P2[]) => void;
  depthBias?: number;
  layer?: number;
}

/**
 * Adds an axis-aligned box (x0..x1, y0..y1, z0..z1) as one depth-sorted object. Faces are lit with a
 * simple model (top brightest, the side toward the light brighter) and a vertical gradient that darkens
 * toward the floor, which stands in for ambient occlusion.
 */
export function box(
  s: Scene,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  color: RGB,
  o: BoxOpts = {},
): void {
  const cam = s.cam;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const cz = (z0 + z1) / 2;
  const depth = depthOf(cam, [cx, cy, cz]) + (o.depthBias ?? 0);
  if (depth < cam.near - Math.max(x1 - x0, z1 - z0)) return;
  const ld = o.lightDir ?? -1;
  const faces: { name: string; pts: V3[]; n: V3; shade: number }[] = [
    {
      name: "top",
      pts: [
        [x0, y1, z0],
        [x1, y1, z0],
        [x1, y1, z1],
        [x0, y1, z1],
      ],
      n: [0, 1, 0],
      shade: 1.0,
    },
    {
      name: "bottom",
      pts: [
        [x0, y0, z0],
        [x0, y0, z1],
        [x1, y0, z1],
        [x1, y0, z0],
      ],
      n: [0, -1, 0],
      shade: 0.42,
    },
    {
      name: "front",
      pts: [
        [x0, y0, z0],
        [x1, y0, z0],
        [x1, y1, z0],
        [x0, y1, z0],
      ],
      n: [0, 0, -1],
      shade: 0.78,
    },
    {
      name: "back",
      pts: [
        [x0, y0, z1],
        [x0, y1, z1],
        [x1, y1, z1],
        [x1, y0, z1],
      ],
      n: [0, 0, 1],
      shade: 0.62,
    },
    {
      name: "left",
      pts: [
        [x0, y0, z0],
        [x0, y1, z0],
        [x0, y1, z1],
        [x0, y0, z1],
      ],
      n: [-1, 0, 0],
      shade: ld < 0 ? 0.9 : 0.58,
    },
    {
      name: "right",
      pts: [
        [x1, y0, z0],
        [x1, y0, z1],
        [x1, y1, z1],
        [x1, y1, z0],
      ],
      n: [1, 0, 0],
      shade: ld > 0 ? 0.9 : 0.58,
    },
  ];
  const visible: { name: string; p: P2[]; shade: number }[] = [];
  for (const f of faces) {
    if (o.skip?.includes(f.name)) continue;
    const c0 = f.pts[0]!;
    const v: V3 = [cam.pos[0] - c0[0], cam.pos[1] - c0[1], cam.pos[2] - c0[2]];
    const d = v[0] * f.n[0] + v[1] * f.n[1] + v[2] * f.n[2];
    if (d <= 0) continue;
    const p = projectPoly(cam, f.pts);
    if (p) visible.push({ name: f.name, p, shade: f.shade });
  }
  if (visible.length === 0) return;
  const base = s.hazeAt(color, depth);
  const topC = o.top ? s.hazeAt(o.top, depth) : base;
  const frontC = o.front ? s.hazeAt(o.front, depth) : base;
  const edge = o.edge ?? 0.06;
  s.add({
    layer: o.layer ?? 3,
    depth,
    blur: o.blur,
    draw: (ctx) => {
      for (const f of visible) {
        const c = f.name === "top" ? topC : f.name === "front" ? frontC : base;
        pathPoly(ctx, f.p);
        const b = bounds(f.p);
        if (f.name === "top" || f.name === "bottom") {
          ctx.fillStyle = rgba(scale(c, f.shade));
        } else {
          const g = ctx.createLinearGradient(0, b.y0, 0, b.y1 + 0.01);
          g.addColorStop(0, rgba(scale(c, f.shade * 1.06)));
          g.addColorStop(1, rgba(scale(c, f.shade * 0.78)));
          ctx.fillStyle = g;
        }
        ctx.fill();
        if (o.gloss && f.name !== "bottom") {
          const g = ctx.createLinearGradient(b.x0, b.y0, b.x1, b.y1);
          g.addColorStop(0, `rgba(255,245,230,${o.gloss})`);
          g.addColorStop(0.5, "rgba(255,245,230,0)");
          ctx.fillStyle = g;
          ctx.fill();
        }
        if (edge > 0 && b.x1 - b.x0 > 3) {
          ctx.strokeStyle = `rgba(255,240,220,${edge})`;
          ctx.lineWidth = Math.max(0.6, s.u * 0.8);
          ctx.stroke();
        }
        if (f.name === "front" && o.frontDetail) {
          ctx.save();
          pathPoly(ctx, f.p);
          ctx.clip();
          o.frontDetail(ctx, f.p);
          ctx.restore();
        }
        if (f.name === "top" && o.topDetail) {
          ctx.save();
          pathPoly(ctx, f.p);
          ctx.clip();
          o.topDetail(ctx, f.p);
          ctx.restore();
        }
      }
    },
  });
}

/** A soft contact shadow on the floor under a footprint. */
export function contactShadow(
  s: Scene,
  x0: number,
  z0: number,
  x1: number,
  z1: number,
  strength = 0.38,
  spread = 0.12,
): void {
  const p = projectPoly(s.cam, [
    [x0 - spread, 0.002, z0 - spread],
    [x1 + spread, 0.002, z0 - spread],
    [x1 + spread, 0.002, z1 + spread],
    [x0 - spread, 0.002, z1 + spread],
  ]);
  if (!p) return;
  const depth = depthOf(s.cam, [(x0 + x1) / 2, 0, (z0 + z1) / 2]);
  const b = bounds(p);
  const blur = Math.max(2, Math.min(30, ((b.y1 - b.y0) * 0.35) / s.u));
  s.add({
    layer: 2,
    depth,
    blur,
    draw: (ctx) => {
      pathPoly(ctx, p);
      ctx.fillStyle = `rgba(20,10,4,${strength})`;
      ctx.fill();
    },
  });
}

/** Screen-space scale (pixels per metre) at a world point. */
export function pxPerM(s: Scene, p: V3): number {
  const q = toCam(s.cam, p);
  return q[2] > s.cam.near ? s.cam.f / q[2] : 0;
}

/** Adds a billboard object: a 2D drawing positioned at a world point, scaled by its distance. */
export function billboard(
  s: Scene,
  at: V3,
  draw: (ctx: CanvasRenderingContext2D, x: number, y: number, k: number) => void,
  o: { blur?: number; depthBias?: number; layer?: number } = {},
): void {
  const q = toCam(s.cam, at);
  if (q[2] <= s.cam.near) return;
  const [x, y] = projC(s.cam, q);
  const k = s.cam.f / q[2];
  if (x < -k * 4 || x > s.w + k * 4) return;
  s.add({ layer: o.layer ?? 3, depth: q[2] + (o.depthBias ?? 0), blur: o.blur, draw: (ctx) => draw(ctx, x, y, k) });
}

/** Draws a line between two world points as a depth-sorted object. */
export function line3(
  s: Scene,
  a: V3,
  b: V3,
  color: string,
  widthM: number,
  o: { blur?: number; depthBias?: number } = {},
): void {
  const pts = projectPoly(s.cam, [a, b, b]);
  if (!pts) return;
  const depth = (depthOf(s.cam, a) + depthOf(s.cam, b)) / 2 + (o.depthBias ?? 0);
  const k = s.cam.f / Math.max(s.cam.near, depth);
  s.add({
    layer: 3,
    depth,
    blur: o.blur,
    draw: (ctx) => {
      ctx.beginPath();
      ctx.moveTo(pts[0]![0], pts[0]![1]);
      ctx.lineTo(pts[1]![0], pts[1]![1]);
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(0.7, widthM * k);
      ctx.lineCap = "round";
      ctx.stroke();
    },
  });
}

/** Maps a rectangle drawn in local 2D units onto a world parallelogram (affine approximation). */
export function planeTransform(
  s: Scene,
  origin: V3,
  uVec: V3,
  vVec: V3,
  wUnits: number,
  hUnits: number,
): DOMMatrix | null {
  const o = toCam(s.cam, origin);
  const a: V3 = [origin[0] + uVec[0], origin[1] + uVec[1], origin[2] + uVec[2]];
  const b: V3 = [origin[0] + vVec[0], origin[1] + vVec[1], origin[2] + vVec[2]];
  const qa = toCam(s.cam, a);
  const qb = toCam(s.cam, b);
  if (o[2] <= s.cam.near || qa[2] <= s.cam.near || qb[2] <= s.cam.near) return null;
  const p0 = projC(s.cam, o);
  const pa = projC(s.cam, qa);
  const pb = projC(s.cam, qb);
  return new DOMMatrix([
    (pa[0] - p0[0]) / wUnits,
    (pa[1] - p0[1]) / wUnits,
    (pb[0] - p0[0]) / hUnits,
    (pb[1] - p0[1]) / hUnits,
    p0[0],
    p0[1],
  ]);
}
