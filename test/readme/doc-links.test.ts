// Every relative link in the README and in docs/ leads somewhere: the file or folder is there, and
// a `#anchor` into a markdown page matches one of its headings (as GitHub makes them).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { documentationPages } from "../support/docs-pages.js";

const REPO = resolve(__dirname, "../..");

/** The text outside fenced code blocks: a link or a heading in a block is an example, not one. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gmu, "");
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/gu, "-");
}

/** Every anchor a page's headings make, the repeats numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gmu)) {
    const anchor = anchorOf(match[1]!);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

/** The relative targets of a page's links: `[text](target)`, web and mail addresses left out. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/gu)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/iu.test(target));
}

describe("anchorOf", () => {
  it("makes GitHub's anchors", () => {
    expect(anchorOf("Quick start")).toBe("quick-start");
    expect(anchorOf("Checklists: a rule, a mode, an exercise")).toBe("checklists-a-rule-a-mode-an-exercise");
    expect(anchorOf("Requirements / what set-up installs")).toBe("requirements--what-set-up-installs");
    expect(anchorOf("The `--notebook` path")).toBe("the---notebook-path");
  });

  it("numbers a repeated heading", () => {
    expect([...anchorsOf("# A\n## B\n## B\n```sh\n# not a heading\n```\n")]).toEqual(["a", "b", "b-1"]);
  });
});

describe("the links of README.md and docs/", () => {
  const pages = documentationPages(REPO);

  it("find one page at least in docs/, and some links to follow", () => {
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((page) => relativeLinks(readFileSync(join(REPO, page), "utf8"))).length).toBeGreaterThan(10);
  });

  it("each lead to a file or folder that is there, and to a heading it has", () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(REPO, page), "utf8");
      for (const link of relativeLinks(text)) {
        const [path = "", anchor] = link.split("#");
        const target = path === "" ? join(REPO, page) : resolve(dirname(join(REPO, page)), decodeURI(path));
        if (!existsSync(target)) {
          broken.push(`${page}: ${link} (no ${relative(REPO, target)})`);
          continue;
        }
        if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(readFileSync(target, "utf8")).has(anchor))
          broken.push(`${page}: ${link} (no heading of ${relative(REPO, target)} makes #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
