/**
 * The live channel of a task's body: `ctx.progress` and `ctx.notify` after `CreateTaskResult` has
 * been answered. The `tools/call` request is over by then (over Streamable HTTP its stream is
 * closed), so these go out as the server's own notifications — on a session's standalone stream —
 * carrying the original request's `progressToken`, as MCP requires for a task, and the task's
 * `io.modelcontextprotocol/related-task` metadata. Best-effort, like every notification: a client
 * that went away (a closed session, a stateless POST that ended) does not fail the task. Questions
 * (`ctx.elicit`, `ctx.sample`) are left off: nobody is waiting on a request to answer them.
 */
import type { LiveChannel, LogEntry, ProgressUpdate } from "@axn/core";
import {
  RELATED_TASK_META_KEY,
  type LoggingLevel,
  type ProgressToken,
  type ServerNotification,
} from "@modelcontextprotocol/server";
import type { McpPeer } from "../protocol/peer.js";

const ignore = (): void => {};

export interface TaskChannelTarget {
  readonly taskId: string;
  readonly progressToken: ProgressToken | undefined;
  /** Sends a notification to the client, unrelated to any request. */
  readonly notify: (notification: ServerNotification) => Promise<void>;
  readonly peer: McpPeer | undefined;
}

export function taskLiveChannel(target: TaskChannelTarget): LiveChannel {
  const { taskId, progressToken, notify, peer } = target;
  const _meta = { [RELATED_TASK_META_KEY]: { taskId } };
  const send = (notification: ServerNotification): void => {
    try {
      void notify(notification).catch(ignore);
    } catch {
      // "Not connected": the session closed while the task runs on.
    }
  };
  const channel: { progress?: (update: ProgressUpdate) => void; log?: (entry: LogEntry) => void } = {};
  if (progressToken !== undefined) {
    channel.progress = (update) =>
      send({ method: "notifications/progress", params: { progressToken, ...update, _meta } });
  }
  channel.log = ({ level, data, logger }) => {
    if (peer !== undefined && !peer.wantsLog(level as LoggingLevel)) return;
    send({ method: "notifications/message", params: { level, logger, data, _meta } });
  };
  return channel;
}
