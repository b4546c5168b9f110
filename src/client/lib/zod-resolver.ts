import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// zod compiles parsers with `new Function` when it may, and probes for that first; our Content-Security-Policy
// forbids it (no 'unsafe-eval'), so the probe fails and browsers report a policy violation on every admin
// page. The parsers work the same without it.
z.config({ jitless: true });

/** react-hook-form's zod resolver, with zod set up for this site's Content-Security-Policy. */
export { zodResolver };
