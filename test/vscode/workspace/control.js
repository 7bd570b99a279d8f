// Not Markdown: VS Code flags the Greek «ο» that looks like a Latin «o» in this name, so the UI
// test knows what a flag looks like (in a scenario there must be none).
const stοp = 5 - 1;
module.exports = { stοp };
