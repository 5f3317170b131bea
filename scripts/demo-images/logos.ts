/** Hand-drawn SVG marks: the site's favicon and the six (fictional) partner logos. */

const TEAL = "#0f4c5c";
const AMBER = "#e0a458";

const ANVIL = "M6 28H50V33Q44 34 40 36L38 42H44V48H20V42H26L24 36Q18 34 14 33Q9 31 6 28Z";
const SPARK = "M44 6L46.2 12.3 52.5 14.5 46.2 16.7 44 23 41.8 16.7 35.5 14.5 41.8 12.3Z";

/** The favicon: an amber anvil with a spark on a deep-teal tile. */
export function faviconSvg(rounded = true): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${TEAL}"/>
<g transform="translate(4 6)"><path d="${ANVIL}" fill="${AMBER}"/><path d="${SPARK}" fill="#f6d7a8"/></g>
</svg>
`;
}

export interface PartnerLogo {
  n: number;
  name: string;
  svg: string;
}

const FONT = "font-family=\"'Helvetica Neue', Arial, sans-serif\"";

function logo(body: string, bg: string, label: string[], fg: string): string {
  const lines = label
    .map(
      (t, i) =>
        `<text x="120" y="${182 + i * 24}" text-anchor="middle" ${FONT} font-size="${i === 0 ? 22 : 15}" font-weight="${i === 0 ? 700 : 500}" letter-spacing="${i === 0 ? 0.5 : 2}" fill="${fg}">${t}</text>`,
    )
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">
<rect width="240" height="240" rx="28" fill="${bg}"/>
${body}
${lines}
</svg>
`;
}

export const partnerLogos: PartnerLogo[] = [
  {
    n: 1,
    name: "Riverbend Makers Collective",
    svg: logo(
      `<g transform="translate(120 92)" fill="none" stroke="#b5562f" stroke-width="9" stroke-linecap="round"><circle r="38"/><path d="M-20 14 8-14M8-14l12 12M8-14l-8-8" /><path d="M-38 0h-12M38 0h12M0-38v-12M0 38v12" stroke-width="10"/></g>`,
      "#f6efe4",
      ["RIVERBEND", "MAKERS COLLECTIVE"],
      "#3b2a20",
    ),
  },
  {
    n: 2,
    name: "Ozark Trailhead Business Network",
    svg: logo(
      `<path d="M40 130 95 58l28 36 20-22 57 58Z" fill="#2f6b4f"/><path d="M95 58l14 18-10 6-6-8-8 10-6-6Z" fill="#f6efe4"/><path d="M60 130c25-18 55-6 80-20s40-8 50 0" fill="none" stroke="#e0a458" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 12"/>`,
      "#fbf8f2",
      ["TRAILHEAD", "BUSINESS NETWORK"],
      "#1f3b2e",
    ),
  },
  {
    n: 3,
    name: "Sycamore Bank & Trust",
    svg: logo(
      `<g transform="translate(120 90)"><path d="M0-52C30-40 44-12 34 18 24 44 0 52 0 52S-24 44-34 18C-44-12-30-40 0-52Z" fill="#1d4f3a"/><path d="M0-40V48M0-8l20-16M0 12l-22-18M0 28l18-12" stroke="#e8d9b8" stroke-width="5" fill="none" stroke-linecap="round"/></g>`,
      "#eef3ee",
      ["SYCAMORE", "BANK &amp; TRUST"],
      "#1d4f3a",
    ),
  },
  {
    n: 4,
    name: "Lakeline Fiber",
    svg: logo(
      `<g fill="none" stroke-linecap="round" stroke-width="8"><path d="M50 72c24-16 46 16 70 0s46 16 70 0" stroke="#7fd1df"/><path d="M50 96c24-16 46 16 70 0s46 16 70 0" stroke="#3fa7bd"/><path d="M50 120c24-16 46 16 70 0s46 16 70 0" stroke="#e0a458"/></g>`,
      "#0c2f3d",
      ["LAKELINE", "FIBER"],
      "#ffffff",
    ),
  },
  {
    n: 5,
    name: "Foothills Technical College",
    svg: logo(
      `<path d="M120 48 190 78 120 108 50 78Z" fill="#5b3a7a"/><path d="M78 92v26c12 12 30 16 42 16s30-4 42-16V92l-42 18Z" fill="#7d5aa0"/><path d="M190 78v34" stroke="#e0a458" stroke-width="5" stroke-linecap="round"/><circle cx="190" cy="116" r="7" fill="#e0a458"/>`,
      "#f5f1f8",
      ["FOOTHILLS", "TECHNICAL COLLEGE"],
      "#3c2552",
    ),
  },
  {
    n: 6,
    name: "Code Current Youth Lab",
    svg: logo(
      `<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="10"><path d="M84 60 52 92l32 32" stroke="#e0a458"/><path d="M156 60l32 32-32 32" stroke="#e0a458"/><path d="M132 52 108 132" stroke="#ffffff"/></g>`,
      "#0f4c5c",
      ["CODE CURRENT", "YOUTH LAB"],
      "#ffffff",
    ),
  },
];
