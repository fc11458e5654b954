;;; settings_change.el --- A setting changed while the server runs, in eglot -*- lexical-binding: t -*-
;; support/settingsChange.js: opens the query, then changes `unrecognizedparams' to "off" as a person
;; does in a running Emacs: sets `eglot-workspace-configuration' (wrapped in :wikimapQuery, as
;; configured) and runs M-x eglot-signal-didChangeConfiguration.  Writes what it saw to $WIKIMAP_SETTINGS_OUT.
(require 'package)
(package-initialize)
(require 'cl-lib)
(require 'json)
(load (getenv "WIKIMAP_SETTINGS_CONFIG") nil t)

(defvar wikimap-settings-result (list (cons 'errors nil)))
(defun wikimap-settings-put (key value) (setf (alist-get key wikimap-settings-result) value))

(defun wikimap-settings-unrecognized ()
  "The flymake diagnostics about the unrecognized parameter, as (TYPE TEXT) lists."
  (delq nil (mapcar (lambda (d)
                      (when (string-match-p "apfooo" (flymake-diagnostic-text d))
                        (format "%s" (flymake-diagnostic-type d))))
                    (flymake-diagnostics))))

(defun wikimap-settings-wait (pred what)
  "Poll PRED for 20 s, running due idle timers as the command loop would; record WHAT when it fails."
  (let ((deadline (+ (float-time) 20)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (dolist (timer (copy-sequence timer-idle-list)) (timer-event-handler timer)))
    (or (funcall pred)
        (progn (wikimap-settings-put 'errors (cons (format "%s: not within 20 s" what) (alist-get 'errors wikimap-settings-result)))
               nil))))

(condition-case err
    (progn
      (find-file (getenv "WIKIMAP_SETTINGS_FILE"))
      (run-hooks 'post-command-hook)
      (wikimap-settings-wait (lambda () (eglot-current-server)) "eglot connects")
      (when (wikimap-settings-wait #'wikimap-settings-unrecognized "the unrecognizedparams diagnostic")
        (wikimap-settings-put 'before (car (wikimap-settings-unrecognized)))
        (setq-default eglot-workspace-configuration
                      '((:wikimapQuery . (:diagnostics (:severity (:unrecognizedparams "off"))))))
        (eglot-signal-didChangeConfiguration (eglot-current-server))
        (wikimap-settings-wait (lambda () (null (wikimap-settings-unrecognized))) "the change to take effect")
        (wikimap-settings-put 'after (vconcat (wikimap-settings-unrecognized)))))
  (error (wikimap-settings-put 'errors (cons (format "%S" err) (alist-get 'errors wikimap-settings-result)))))
(with-temp-file (getenv "WIKIMAP_SETTINGS_OUT")
  (insert (json-encode wikimap-settings-result)))
(kill-emacs 0)
