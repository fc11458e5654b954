;;; helpers.el --- What the Emacs test scripts share -*- lexical-binding: t -*-
;; Waiting as a person waits in a batch-mode Emacs: idle timers run when due (eglot sends batched
;; changes and flymake starts its checks from them), process output is read, and a wait that ends
;; without its condition is recorded through `wikimap-error', which each script defines.  Loaded
;; first by each script: the packages (eglot from Debian's elpa-eglot) and the configuration of
;; docs/editors.md ($WIKIMAP_EMACS_CONFIG, written by run.js).
(require 'package)
(package-initialize)
(require 'cl-lib)
(require 'json)
(load (getenv "WIKIMAP_EMACS_CONFIG") nil t)

(defvar wikimap-idle-since (float-time) "When the person last typed.")
(defvar wikimap-idle-fired nil "Idle timers already run in this idle period.")

(defun wikimap-run-idle-timers ()
  "Run the idle timers that are due, as the command loop does while the person waits.
In batch mode Emacs is never idle, and eglot sends the batched changes from an idle timer."
  (let ((idle (- (float-time) wikimap-idle-since)))
    (dolist (timer (copy-sequence timer-idle-list))
      (when (and (memq timer timer-idle-list)
                 (not (memq timer wikimap-idle-fired))
                 (< (float-time (timer--time timer)) idle))
        (push timer wikimap-idle-fired)
        (timer-event-handler timer)))))

(defun wikimap-wait (pred seconds what)
  "Poll PRED until it is true or SECONDS pass (then record WHAT as an error)."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (wikimap-run-idle-timers))
    (or (funcall pred) (progn (wikimap-error (format "%s: not within %s s" what seconds)) nil))))

(provide 'wikimap-test-helpers)

