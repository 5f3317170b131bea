import { describe, expect, it } from "vitest";
import { contactInputFromJson, contactMessages, type ContactInput } from "./contact";
import { validateContact } from "./contact-checks";

const valid: ContactInput = {
  name: "  Jordan Reyes ",
  email: " jordan@example.com ",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Friend or Colleague",
};

const failure = (input: ContactInput) => {
  const result = validateContact(input);
  return result.ok ? null : [result.field, result.message];
};

describe("validateContact", () => {
  it("accepts a valid submission and cleans it", () => {
    expect(validateContact({ ...valid, interests: ["think-lounge", "think-lounge"] })).toEqual({
      ok: true,
      submission: {
        name: "Jordan Reyes",
        email: "jordan@example.com",
        phone: "(870) 555-0199",
        interests: ["think-lounge"],
        referralSource: "Friend or Colleague",
      },
    });
    expect(validateContact({ ...valid, name: "Zoë Ångström-Núñez" }).ok).toBe(true);
    expect(validateContact({ ...valid, phone: "+1 870-555-0199" }).ok).toBe(true);
  });

  it("reports the first failure in the checks' order, with its message", () => {
    const everythingWrong = { name: "  ", email: "nope", phone: "call me", interests: [], referralSource: "" };
    expect(failure(everythingWrong)).toEqual(["name", "Name is required."]);
    expect(failure({ ...everythingWrong, name: "Jo" })).toEqual(["email", "Please enter a valid email address."]);
    expect(failure({ ...everythingWrong, name: "Jo", email: "jo@example.com" })).toEqual([
      "phone",
      "Please enter a valid phone number.",
    ]);
    expect(failure({ ...valid, interests: [] })).toEqual(["interests", "Please select at least one area of interest."]);
    expect(failure({ ...valid, referralSource: "Select an option" })).toEqual([
      "referralSource",
      contactMessages.referralSource,
    ]);
  });

  it("refuses control characters (NUL, tabs, line breaks inside a value) in the name, email and phone", () => {
    for (const name of ["Jordan\u0000Reyes", "Jordan\tReyes", "Jordan\nReyes", "Jordan\u007fReyes", "Jordan\u0085"]) {
      expect(failure({ ...valid, name }), JSON.stringify(name)).toEqual([
        "name",
        "Please remove the invisible control characters (such as tabs) from your name.",
      ]);
    }
    // The order stays: a missing name is reported first, and each field before the next.
    expect(failure({ ...valid, name: " ", email: "jo\u0000@example.com" })).toEqual(["name", "Name is required."]);
    expect(failure({ ...valid, email: "jordan\u0000@example.com" })).toEqual(["email", contactMessages.email]);
    expect(failure({ ...valid, phone: "870\t555 0199" })).toEqual(["phone", contactMessages.phone]);
    // Around a value, tabs and line breaks are trimmed like spaces.
    expect(validateContact({ ...valid, name: "\tJordan Reyes\n" })).toMatchObject({ ok: true });
    expect(validateContact({ ...valid, name: "Zoë\u00a0Núñez" })).toMatchObject({ ok: true });
  });

  it("takes only digits, hyphens, plus signs, spaces and parentheses in a phone number", () => {
    for (const phone of ["870-555-0199x", "870.555.0199", "870/555/0199", "+1 (870) 555 0199 ext 2", ""]) {
      expect(failure({ ...valid, phone }), phone).toEqual(["phone", "Please enter a valid phone number."]);
    }
    expect(failure({ ...valid, phone: "()-- +" })).toEqual(["phone", "Please enter a valid phone number."]);
  });

  it("refuses unknown interests, other types and huge values with a clear message", () => {
    expect(failure({ ...valid, interests: ["coworking-space", "free-money"] })).toEqual([
      "interests",
      contactMessages.unknownInterest,
    ]);
    expect(failure({ ...valid, interests: [5] })).toEqual(["interests", contactMessages.unknownInterest]);
    expect(failure({ ...valid, name: 42 })).toEqual(["name", "Name is required."]);
    expect(failure({ ...valid, email: { address: "x@y.z" } })).toEqual([
      "email",
      "Please enter a valid email address.",
    ]);
    expect(failure({ ...valid, name: "x".repeat(201) })).toEqual(["name", contactMessages.nameTooLong]);
    expect(failure({ ...valid, email: `${"x".repeat(250)}@example.com` })).toEqual([
      "email",
      "Please enter a valid email address.",
    ]);
    expect(failure({ ...valid, referralSource: "Radio" })).toEqual(["referralSource", contactMessages.referralSource]);
  });
});

describe("validateContact on a JSON body", () => {
  it("refuses a body that is not an object", () => {
    expect(validateContact(contactInputFromJson("text")).ok).toBe(false);
    expect(validateContact(contactInputFromJson(null)).ok).toBe(false);
  });
});
