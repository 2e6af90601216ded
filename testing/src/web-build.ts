import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built web app in miniature, as Vite writes its page (its entry, a preload and the stylesheet):
 * a server under test given it (WEB_DIST_DIR) serves the web app's pages, as `npm start`'s does,
 * without a real build. Answers the folder; a test may add the build's lists beside the page.
 */
export async function miniatureWebBuild(): Promise<string> {
  const webDist = await mkdtemp(path.join(tmpdir(), 'pp-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <title>Partner Portal</title>
    <script type="module" crossorigin src="/PartnerMgmtApp/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/PartnerMgmtApp/assets/framework-abc.js">
    <link rel="stylesheet" crossorigin href="/PartnerMgmtApp/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
  );
  await writeFile(path.join(webDist, 'assets/index-abc.css'), '.card{color:red}');
  return webDist;
}
