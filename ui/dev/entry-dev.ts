// Development entry: install the hot-reload preamble, then start the app (imports run in order).
import './react-refresh-preamble.ts';
import '../entry-client.tsx';
