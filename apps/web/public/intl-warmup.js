// Loads the locale data the app's first screens ask Intl for (dates in a time zone, weekday and
// month names, numbers, plurals, name order) on this worker's thread instead of the page's. The
// data is kept per process, so the page's own first formatter then costs about a millisecond
// instead of 20-80 ms on a phone (decision 183). index.html starts this worker while the app's
// scripts download; it asks nothing of the page and closes itself.
const now = Date.now()
const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone
new Intl.DateTimeFormat('en-US', {
  timeZone: deviceZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
}).formatToParts(now)
const languages = [...(self.navigator.languages ?? []).slice(0, 2), 'en-US']
for (const language of languages) {
  try {
    const date = { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }
    new Intl.DateTimeFormat(language, date).format(now)
    new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(now)
    new Intl.NumberFormat(language).format(1234.5)
    new Intl.PluralRules(language).select(2)
  } catch {
    // A language tag Intl does not take: the next one.
  }
}
new Intl.Collator('en').compare('a', 'b')
self.close()
