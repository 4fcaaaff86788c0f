package dev.raykube.dashboard.fake;

import mockwebserver3.MockResponse;

/** What Ray 2.60's Serve answers when it fails: its error texts, shortened from its tracebacks. */
final class ServeErrors {
  /** Where Ray's own files are in its tracebacks (the path of the head image KubeRay's samples use). */
  private static final String SITE = "/home/ray/anaconda3/lib/python3.11/site-packages/ray/";

  private ServeErrors() {
  }

  /** GET and PUT on a head without {@code ray[serve]}. */
  static MockResponse notInstalled() {
    return Responses.text(501, "Serve dependencies are not installed. Please run `pip install \"ray[serve]\"`.");
  }

  /** Ray's DELETE imports Serve without the 501 guard of GET/PUT, so it fails with the import error. */
  static MockResponse notInstalledOnDelete() {
    return Responses.text(500, "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "dashboard/optional_utils.py\", line 188, in decorator\n"
        + "    return await f(self, *args, **kwargs)\n"
        + "  File \"" + SITE + "dashboard/modules/serve/serve_head.py\", line 179, in delete_serve_applications\n"
        + "    from ray import serve\n"
        + "  File \"" + SITE + "serve/_private/common.py\", line 13, in <module>\n"
        + "    from starlette.types import Scope\n"
        + "ModuleNotFoundError: No module named 'starlette'. You can run `pip install \"ray[serve]\"` to install all "
        + "Ray Serve dependencies.\n");
  }

  /** The message of an application whose build task raised {@code exceptionLine}. */
  static String buildFailure(String app, String exceptionLine) {
    return "Deploying app '" + app + "' failed with exception:\n"
        + "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 926, in _reconcile_build_app_task\n"
        + "    serialized_application_autoscaling_policy_def, args, err = ray.get(  # type: ignore[call-overload]\n"
        + "ray.exceptions.RayTaskError(RuntimeError): ray::build_serve_application() (pid=4242, ip=127.0.0.1)\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 1843, in build_serve_application\n"
        + "    raise RuntimeError(err_str) from None\n"
        + "RuntimeError: Traceback (most recent call last):\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 1737, in build_serve_application\n"
        + "    import_attr(import_path), args\n"
        + "  File \"" + SITE + "_common/utils.py\", line 90, in import_module_and_attr\n"
        + "    module = importlib.import_module(module_name)\n"
        + exceptionLine + "\n";
  }

  /** Python's error for an import path whose module does not exist. */
  static String moduleNotFound(String importPath) {
    int cut = importPath.contains(":") ? importPath.indexOf(':') : importPath.lastIndexOf('.');
    String module = importPath.substring(0, cut);
    return "ModuleNotFoundError: No module named '" + module + "'";
  }
}
