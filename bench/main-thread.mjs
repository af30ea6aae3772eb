// Where a page's main-thread time goes on a slow phone (issue 35): loads the product list,
// orders and checkout of a production build, signed in as the demo dealer, in Chromium with the
// CPU slowed four times (as Lighthouse's mobile preset assumes) at a phone's viewport, and
// reports the long tasks after the first paint: their blocking time (what Lighthouse's TBT
// adds up) and the longest. Lighthouse gives the score; this gives a figure that can be taken
// again in a minute after a change, and with MAIN_THREAD_PROFILES=<folder> a CPU profile of
// each load (open it in Chromium's DevTools, Performance panel) to see which code ran.
//   node bench/main-thread.mjs   (MAIN_THREAD_RUNS=5 runs each, the median is reported;
//   MAIN_THREAD_PAGES=products,checkout; MAIN_THREAD_WEB_DIST=<folder> serves another build;
//   build with `vite build --minify false` for readable names in the profiles)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  chromiumArgs,
  loadAverage,
  machine,
  signInDemoDealer,
  startPortalWithWeb,
} from './lib.mjs';

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const PAGES = (process.env.MAIN_THREAD_PAGES ?? 'products,orders,checkout').split(',');
const PROFILES = process.env.MAIN_THREAD_PROFILES;
/** Lighthouse's mobile preset: a Moto G Power's viewport and a CPU four times slower. */
const PHONE = { viewport: { width: 412, height: 823 }, cpuSlowdown: 4 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const portal = await startPortalWithWeb({
  port: Number(process.env.MAIN_THREAD_PORT ?? 3961),
  webDist: process.env.MAIN_THREAD_WEB_DIST,
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: PHONE.viewport });
  await signInDemoDealer(await context.newPage(), portal.base);

  const rows = [];
  for (const name of PAGES) {
    const runs = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const page = await context.newPage();
      // every long task from the start, kept where the page can hand them over
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const task of list.getEntries())
            window.__longTasks.push([task.startTime, task.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
      if (PROFILES) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      await page.goto(`${portal.base}/pages/${name}`, { waitUntil: 'networkidle' });
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.waitForTimeout(1500);
      if (PROFILES) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(path.join(PROFILES, `${name}-${run}.cpuprofile`), JSON.stringify(profile));
      }
      const figures = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const after = window.__longTasks.filter(([start]) => start >= paint);
        return {
          fcp: paint,
          blocking: after.reduce((total, [, duration]) => total + Math.max(0, duration - 50), 0),
          longest: Math.max(0, ...after.map(([, duration]) => duration)),
          tasks: after.length,
        };
      });
      runs.push(figures);
      console.log(name, run, JSON.stringify(figures));
      await page.close();
    }
    const pick = (key) => Math.round(median(runs.map((run) => run[key])));
    rows.push({
      name,
      fcp: pick('fcp'),
      blocking: pick('blocking'),
      longest: pick('longest'),
      tasks: pick('tasks'),
    });
  }
  console.log(
    [
      '',
      `Main thread on a phone (4× slower CPU, 412 × 823) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${machine()}; load average ${loadAverage()}; median of ${RUNS}${process.env.MAIN_THREAD_WEB_DIST ? `; web build ${process.env.MAIN_THREAD_WEB_DIST}` : ''}`,
      '',
      '| page | first paint ms | blocking after it ms | longest task ms | long tasks |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.name} | ${r.fcp} | ${r.blocking} | ${r.longest} | ${r.tasks} |`),
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await portal.close();
}
