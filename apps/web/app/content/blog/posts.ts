/**
 * Blog posts are Markdown files with YAML front matter beside this module. They are read with node:fs,
 * so this module runs only at build time (route loaders, the prerender list, the sitemap) and in tests;
 * the browser receives the rendered HTML in the prerendered pages.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { blogFrontMatterSchema, type BlogFrontMatter } from "../schema";

export interface PostSummary extends BlogFrontMatter {
  readingMinutes: number;
  words: number;
}

export interface Post extends PostSummary {
  html: string;
  /** The body as plain text, for the search index. */
  text: string;
}

const WORDS_PER_MINUTE = 220;

function postsDir(): string {
  const candidates = [
    fileURLToPath(new URL(".", import.meta.url)),
    resolve(process.cwd(), "app/content/blog"),
    resolve(process.cwd(), "apps/web/app/content/blog"),
  ];
  const dir = candidates.find(
    (d) => existsSync(d) && readdirSync(d).some((f) => f.endsWith(".md")),
  );
  if (!dir) throw new Error(`Blog posts not found; looked in ${candidates.join(", ")}`);
  return dir;
}

export function parsePost(fileName: string, raw: string): { meta: BlogFrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`${fileName}: missing front matter`);
  const parsed = blogFrontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    throw new Error(`${fileName}: invalid front matter: ${parsed.error.message}`);
  }
  return { meta: parsed.data, body: match[2] ?? "" };
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

/** The text of rendered HTML: tags dropped, the few entities marked emits decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^<>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

let cache: Post[] | undefined;

function loadAll(): Post[] {
  if (cache) return cache;
  const dir = postsDir();
  const posts = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((file) => {
      const { meta, body } = parsePost(file, readFileSync(join(dir, file), "utf8"));
      const words = countWords(body);
      const html = marked.parse(body, { async: false, gfm: true });
      return {
        ...meta,
        words,
        readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
        html,
        text: htmlToText(html),
      };
    })
    .sort((a, b) => a.id - b.id);
  const ids = new Set<number>();
  for (const p of posts) {
    if (ids.has(p.id)) throw new Error(`Two blog posts share id ${p.id}`);
    ids.add(p.id);
  }
  cache = posts;
  return posts;
}

/** Posts in id order, without their bodies. */
export async function listPosts(): Promise<PostSummary[]> {
  return loadAll().map(({ html: _html, text: _text, ...summary }) => summary);
}

export async function getPost(id: number): Promise<Post | undefined> {
  return loadAll().find((p) => p.id === id);
}
