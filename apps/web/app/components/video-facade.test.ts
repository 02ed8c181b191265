import { describe, expect, it } from "vitest";
import { demoVideos, overviewVideo } from "~/content/videos";
import { youtubeEmbedUrl } from "./video-facade";

describe("youtubeEmbedUrl", () => {
  it("plays from the no-cookie host and starts on the click that created it", () => {
    const url = new URL(youtubeEmbedUrl("bK2mWd8sR1c"));
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe("/embed/bK2mWd8sR1c");
    expect(url.searchParams.get("autoplay")).toBe("1");
  });
});

describe("videos", () => {
  it("has eight demo videos plus the overview, each with its own YouTube id", () => {
    expect(demoVideos).toHaveLength(8);
    const ids = [overviewVideo, ...demoVideos].map((v) => v.youtubeId);
    expect(new Set(ids).size).toBe(9);
    for (const id of ids) expect(id).toMatch(/^[\w-]{11}$/);
    for (const v of demoVideos) expect(v.description.length).toBeGreaterThan(120);
  });
});
