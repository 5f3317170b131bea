/** Flat graphics drawn in the browser: the social preview card and raster icons. */
import { scenes } from "./scenes.ts";

export type GraphicFn = (
  w: number,
  h: number,
  seed: number,
  p: Record<string, unknown>,
) => Promise<HTMLCanvasElement> | HTMLCanvasElement;

async function loadInter(): Promise<string> {
  try {
    const face = new FontFace("InterLocal", "url(/fonts/inter-latin-wght-normal.woff2)", { weight: "100 900" });
    await face.load();
    document.fonts.add(face);
    return "InterLocal";
  } catch {
    return "'DejaVu Sans', sans-serif";
  }
}

/** The default social preview: the building at golden hour with the hub's name and tagline. */
const og: GraphicFn = async (w, h, seed) => {
  const font = await loadInter();
  const bg = scenes.exterior!(w, h, seed, {
    variant: 0,
    time: "golden",
    people: 1,
    cam: { pos: [22, 1.6, -19], yaw: -0.58, pitch: 0.12, vfov: 50 },
  });
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  const ctx = c.getContext("2d")!;
  ctx.drawImage(bg, 0, 0);
  const g = ctx.createLinearGradient(0, 0, w * 0.75, 0);
  g.addColorStop(0, "rgba(8,36,44,0.86)");
  g.addColorStop(0.55, "rgba(8,36,44,0.55)");
  g.addColorStop(1, "rgba(8,36,44,0)");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const x = Math.round(w * 0.07);
  // Mark: amber anvil with a spark.
  ctx.save();
  ctx.translate(x, h * 0.2);
  ctx.scale(1.5, 1.5);
  ctx.fillStyle = "#e0a458";
  ctx.fill(new Path2D("M6 28H50V33Q44 34 40 36L38 42H44V48H20V42H26L24 36Q18 34 14 33Q9 31 6 28Z"));
  ctx.fill(new Path2D("M44 6L46.2 12.3 52.5 14.5 46.2 16.7 44 23 41.8 16.7 35.5 14.5 41.8 12.3Z"));
  ctx.restore();
  ctx.fillStyle = "#ffffff";
  ctx.textBaseline = "alphabetic";
  ctx.font = `800 ${Math.round(h * 0.15)}px ${font}`;
  ctx.fillText("Ozark Foundry", x, h * 0.56);
  ctx.fillStyle = "#f3dcb6";
  ctx.font = `500 ${Math.round(h * 0.058)}px ${font}`;
  ctx.fillText("Coworking & innovation in Batesville, Arkansas", x, h * 0.69);
  ctx.fillStyle = "#e0a458";
  ctx.fillRect(x, h * 0.76, w * 0.09, Math.max(3, h * 0.008));
  ctx.fillStyle = "rgba(255,255,255,0.82)";
  ctx.font = `500 ${Math.round(h * 0.04)}px ${font}`;
  ctx.fillText("118 Foundry Lane · Batesville, AR", x, h * 0.85);
  return c;
};

/** Renders an SVG string (params.svg) onto a canvas of the given size. */
const svgIcon: GraphicFn = async (w, h, _seed, p) => {
  const img = new Image();
  img.src = `data:image/svg+xml;base64,${btoa(String(p.svg))}`;
  await img.decode();
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  const ctx = c.getContext("2d")!;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, 0, 0, w, h);
  return c;
};

export const graphics: Record<string, GraphicFn> = { og, svgIcon };
