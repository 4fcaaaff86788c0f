package dev.raykube.dashboard;

import java.io.IOException;
import java.util.Map;

/**
 * Reads a dashboard reply: a non-2xx status becomes the classified exception, a body that is not the JSON expected
 * becomes an {@link UnexpectedResponseException}.
 */
final class ReplyBodies {

  private ReplyBodies() {
  }

  static DashboardHttp.Reply okOrThrow(DashboardHttp.Reply reply, ErrorClassifier.Call call) {
    if (!reply.ok()) {
      throw ErrorClassifier.classify(call, reply.status(), reply.body());
    }
    return reply;
  }

  static Object json(DashboardHttp.Reply reply, ErrorClassifier.Call call) {
    try {
      return JsonTree.parse(reply.body());
    } catch (IOException e) {
      throw unexpected(call, reply, "the body is not JSON (" + e.getMessage() + ")", e);
    }
  }

  static Map<String, Object> object(DashboardHttp.Reply reply, ErrorClassifier.Call call) {
    Map<String, Object> m = Lenient.object(json(reply, call));
    if (m == null) {
      throw unexpected(call, reply, "the body is not a JSON object", null);
    }
    return m;
  }

  static UnexpectedResponseException unexpected(ErrorClassifier.Call call, DashboardHttp.Reply reply,
      String problem, Throwable cause) {
    return new UnexpectedResponseException(call.operation() + " failed: unexpected reply " + reply.status() + " ("
        + problem + "): " + ErrorClassifier.serverMessage(reply.body()), reply.status(), reply.body(), cause);
  }
}
