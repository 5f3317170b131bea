/**
 * Makes the demo's video clips from its own stills with ffmpeg (Debian's: `apt-get install -y ffmpeg`):
 * each still gets a slow camera move, the stills cross-fade, and the clip is written as a small H.264
 * MP4 (plays in every browser, starts before it has fully arrived). Run after the stills exist.
 *
 *   node scripts/demo-images/videos.ts                     # every clip
 *   node scripts/demo-images/videos.ts video-tour-         # only clips whose id starts with one of these
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  assetPath,
  contentfulImages,
  type DemoVideo,
  demoVideos,
  fileNameOf,
  VIDEO_SIZE,
  videoAssetPath,
  videoFileNameOf,
} from "./catalog.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const assetsDir = join(root, "demo", "assets");

const FPS = 24;
/** Seconds each still is on screen, and of each cross-fade between two. */
const STILL_SECONDS = 2.5;
const FADE_SECONDS = 0.5;
/** Budget per clip; the encoder's quality is fixed, so a clip over it needs fewer or calmer stills. */
const BUDGET_KB = 400;

/** A still's file on disk: a catalog image's master file, or a repository path. */
export function stillFile(still: string): string {
  const image = contentfulImages.find((candidate) => candidate.id === still);
  return image ? join(assetsDir, assetPath(image.id, fileNameOf(image))) : join(root, still);
}

/**
 * The ffmpeg filter graph: every still scaled up (so the move is smooth), moved slowly (zooming in,
 * then panning, alternately), then the segments cross-faded into one stream labelled `out`.
 */
export function filterGraph(stillCount: number): string {
  const { width, height } = VIDEO_SIZE;
  const frames = Math.round(STILL_SECONDS * FPS);
  const segments = Array.from({ length: stillCount }, (_, index) => {
    const move =
      index % 2 === 0
        ? `z='1+0.08*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'`
        : `z='1.08':x='(iw-iw/zoom)*on/${frames}':y='ih/2-(ih/zoom/2)'`;
    return (
      `[${index}:v]scale=${width * 3}:${height * 3}:force_original_aspect_ratio=increase,` +
      `crop=${width * 3}:${height * 3},zoompan=${move}:d=${frames}:s=${width}x${height}:fps=${FPS},setsar=1[s${index}]`
    );
  });
  let last = "s0";
  const fades: string[] = [];
  for (let index = 1; index < stillCount; index++) {
    const offset = (index * (STILL_SECONDS - FADE_SECONDS)).toFixed(2);
    const label = index === stillCount - 1 ? "out" : `f${index}`;
    fades.push(`[${last}][s${index}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset}[${label}]`);
    last = label;
  }
  if (stillCount === 1) fades.push("[s0]null[out]");
  return [...segments, ...fades].join(";");
}

function makeClip(video: DemoVideo): string {
  const files = video.stills.map(stillFile);
  for (const file of files) if (!existsSync(file)) throw new Error(`${video.id}: no still at ${relative(root, file)}`);
  const output = join(assetsDir, videoAssetPath(video.id, videoFileNameOf(video)));
  mkdirSync(dirname(output), { recursive: true });
  const args = [
    "-y",
    "-loglevel",
    "error",
    ...files.flatMap((file) => ["-i", file]),
    "-filter_complex",
    filterGraph(files.length),
    "-map",
    "[out]",
    "-an",
    "-c:v",
    "libx264",
    "-preset",
    "veryslow",
    "-crf",
    "30",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    // One thread and no encoder or time stamps in the file: the same stills give the same bytes.
    "-threads",
    "1",
    "-map_metadata",
    "-1",
    "-fflags",
    "+bitexact",
    "-flags:v",
    "+bitexact",
    output,
  ];
  const result = spawnSync("ffmpeg", args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.error) throw new Error(`ffmpeg could not run (apt-get install -y ffmpeg): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${video.id}`);
  const kb = Math.round(statSync(output).size / 1024);
  if (kb > BUDGET_KB) throw new Error(`${video.id} is ${kb} KB, over its ${BUDGET_KB} KB budget`);
  return `${relative(root, output).padEnd(110)} ${String(kb).padStart(4)} KB`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const filters = process.argv.slice(2);
  const wanted = (id: string) => filters.length === 0 || filters.some((filter) => id.startsWith(filter));
  for (const video of demoVideos) if (wanted(video.id)) console.log(makeClip(video));
}
