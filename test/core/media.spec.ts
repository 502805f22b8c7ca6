/**
 * Media field schemas (`media.image()` and the rest): what a body may hand them, what the result
 * holds (base64, the type tag filled in), the JSON Schema they reflect (honest: contentEncoding,
 * the MIME types), the outbound violations they name, and `mediaFieldsOf`.
 */
import { expect } from "chai";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { defineAxn, isMediaSchema, media, mediaFieldsOf, render } from "@axn/core";
import { PIXEL_PNG, RenderChart } from "../../docs/examples/snippets/media.js";
import { captureReports } from "../support/reports.js";

describe("media field schemas", () => {
  captureReports();

  it("the docs example: bytes in, a JSON image value out, and an honest output schema", async () => {
    const result = await RenderChart.call({ quarter: "Q3" });
    expect(result.chart).to.deep.equal({ type: "image", mimeType: "image/png", data: PIXEL_PNG });
    expect(render(result)).to.deep.equal({
      chart: { type: "image", mimeType: "image/png", data: PIXEL_PNG },
      caption: "Revenue, Q3",
    });
    expect(RenderChart.outputSchema).to.deep.equal({
      type: "object",
      properties: {
        chart: {
          type: "object",
          properties: {
            type: { const: "image" },
            mimeType: { type: "string", enum: ["image/png"] },
            data: { type: "string", contentEncoding: "base64" },
          },
          required: ["type", "mimeType", "data"],
          additionalProperties: false,
        },
        caption: { type: "string" },
      },
      required: ["chart", "caption"],
      additionalProperties: false,
    });
    expect(mediaFieldsOf(RenderChart)).to.deep.equal([{ name: "chart", kind: "image" }]);
  });

  const expose = (schema: ReturnType<(typeof media)[keyof typeof media]>, value: unknown) =>
    defineAxn({ name: "Expose", exposes: { value: schema as never }, call: () => ({ value }) as never }).call({});

  it("each kind: its value, filled in and normalized", async () => {
    const bytes = new Uint8Array([104, 105]);
    expect((await expose(media.audio(), { mimeType: "audio/wav", data: bytes })).value).to.deep.equal({
      type: "audio",
      mimeType: "audio/wav",
      data: "aGk=",
    });
    expect((await expose(media.file(), { name: "r.csv", mimeType: "text/csv", data: "aGk=" })).value).to.deep.equal({
      type: "file",
      name: "r.csv",
      mimeType: "text/csv",
      data: "aGk=",
    });
    expect(
      (await expose(media.resourceLink(), { uri: "crm://contacts/7", name: "Contact 7", size: 120 })).value,
    ).to.deep.equal({
      type: "resource_link",
      uri: "crm://contacts/7",
      name: "Contact 7",
      size: 120,
    });
    expect(
      (
        await expose(media.resource(), {
          type: "resource",
          uri: "crm://notes/1",
          mimeType: "text/markdown",
          text: "# Hi",
        })
      ).value,
    ).to.deep.equal({
      type: "resource",
      uri: "crm://notes/1",
      mimeType: "text/markdown",
      text: "# Hi",
    });
  });

  it("a wrong value is an outbound violation naming the field and the part", async () => {
    const messageOf = async (schema: Parameters<typeof expose>[0], value: unknown) =>
      (await expose(schema, value)).exception?.message;
    expect(
      await messageOf(media.image({ mimeTypes: ["image/png"] }), { mimeType: "image/gif", data: "AA==" }),
    ).to.equal('value.mimeType: must be one of image/png, got "image/gif"');
    expect(await messageOf(media.image(), { mimeType: "text/plain", data: "AA==" })).to.equal(
      'value.mimeType: must be an image/* type, got "text/plain"',
    );
    expect(await messageOf(media.image(), { mimeType: "image/png", data: "not base64!" })).to.equal(
      "value.data: is not base64 text",
    );
    expect(await messageOf(media.image(), { mimeType: "image/png" })).to.equal("value.data: is required");
    expect(await messageOf(media.image(), { mimeType: "image/png", data: "AA==", alt: "x" })).to.equal(
      "value.alt: is not a property of an image value",
    );
    expect(await messageOf(media.image(), { type: "audio", mimeType: "image/png", data: "AA==" })).to.equal(
      'value.type: must be "image"',
    );
    expect(await messageOf(media.image(), "AA==")).to.equal(
      "value: Expected an image value (an object with mimeType, data)",
    );
    expect(await messageOf(media.resource(), { uri: "x://y", text: "a", data: "AA==" })).to.equal(
      "value: a resource carries exactly one of text and data",
    );
  });

  it("an optional media field may be absent; it works beside zod 3 fields too", async () => {
    const Maybe = defineAxn({
      name: "Maybe",
      exposes: { preview: { schema: media.image(), optional: true }, title: z3.string() },
      call: () => ({ title: "t" }),
    });
    const result = await Maybe.call({});
    expect([result.ok, result.preview, result.title]).to.deep.equal([true, undefined, "t"]);
    expect(mediaFieldsOf(Maybe)).to.deep.equal([{ name: "preview", kind: "image" }]);
  });

  it("refuses a bad mimeTypes option when the schema is made", () => {
    expect(() => media.image({ mimeTypes: ["png"] })).to.throw(
      TypeError,
      'media.image: mimeTypes must be a non-empty list of MIME types ("image/png"), got ["png"]',
    );
    expect(() => media.resourceLink({ mimeTypes: [] })).to.throw(
      TypeError,
      "media.resourceLink: mimeTypes must be a non-empty list",
    );
  });

  it("isMediaSchema tells media schemas from others; an action without media has no media fields", () => {
    expect([
      isMediaSchema(media.file()),
      isMediaSchema(z.string()),
      isMediaSchema({ mediaKind: "image" }),
    ]).to.deep.equal([true, false, false]);
    expect(
      mediaFieldsOf(defineAxn({ name: "Plain", exposes: { a: z.string() }, call: () => ({ a: "x" }) })),
    ).to.deep.equal([]);
  });
});
