/** The registry of scenes the generator can render (runs in the browser). */
import { construction, exterior, scaffold } from "./exterior.ts";
import {
  booths,
  cafe,
  coworking,
  eventSpace,
  lounge,
  meeting,
  offices,
  officeInterior,
  podcast,
  reception,
  type SceneFn,
} from "./rooms.ts";

export const scenes: Record<string, SceneFn> = {
  coworking,
  reception,
  offices,
  officeInterior,
  meeting,
  eventSpace,
  cafe,
  lounge,
  podcast,
  booths,
  exterior,
  construction,
  scaffold,
};
