// Not Markdown: VS Code flags a look-alike minus sign here, so the UI test knows what a flag looks like.
const left = 5 − 1;
