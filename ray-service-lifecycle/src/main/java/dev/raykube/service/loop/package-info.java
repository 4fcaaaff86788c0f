/**
 * The RayService loop (I/O): {@link dev.raykube.service.loop.RayServiceLoop#reconcile} (observe → decide → record →
 * act) and {@link dev.raykube.service.loop.RayServiceLoop#cleanup} (deletion through the finalizer code RayJob uses).
 */
package dev.raykube.service.loop;
