// The entry of every page served from index.html. The start-up itself is start.tsx, in the runtime chunk, so the
// pages rendered ahead of time can start from their screen's chunk instead (scripts/prerender.mjs).
import './styles.css';
import './start.tsx';
