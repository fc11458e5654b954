;;; sources_check.el --- Source files in eglot, with docs/editors.md's emacs and emacs-sources blocks -*- lexical-binding: t -*-
;; python-mode and js-mode given to wikimap-query (eglot runs one server per buffer).  For a Python and a
;; JavaScript file whose MediaWiki API request misspells a key ($WIKIMAP_EMACS_SOURCES, JSON), as a person
;; works: the file is opened (C-x C-f), flymake shows the server's diagnostic, point goes on the key and
;; the fix naming the right parameter is picked from eglot-code-actions' menu.  Writes what it saw as
;; JSON to $WIKIMAP_EMACS_OUT.
;; helpers.el loads the packages and the configuration ($WIKIMAP_EMACS_CONFIG) first.
(load (expand-file-name "helpers.el" (file-name-directory load-file-name)) nil t)

(defvar wikimap-result (list (cons 'errors nil) (cons 'files nil)))
(defun wikimap-error (msg) (push msg (alist-get 'errors wikimap-result)))

;; The language id eglot sends with each file (eglot 1.9 sends one per server, see run.js).
(advice-add 'jsonrpc-notify :before
            (lambda (_conn method params)
              (when (eq method :textDocument/didOpen)
                (let ((doc (plist-get params :textDocument)))
                  (push (cons (intern (file-name-nondirectory (plist-get doc :uri))) (plist-get doc :languageId))
                        (alist-get 'languageIds wikimap-result))))))

(defun wikimap-misspelt (name)
  "The flymake diagnostic of the misspelt NAME, if shown."
  (cl-find-if (lambda (d) (string-match-p (regexp-quote (format "\"%s\"" name)) (flymake-diagnostic-text d)))
              (flymake-diagnostics)))

(defun wikimap-source-file (f)
  "Open the file F describes, wait for its diagnostic, apply the fix; return what was seen."
  (let ((seen nil) (misspelt (alist-get 'misspelt f)) (fixed (alist-get 'fixed f)))
    (find-file (alist-get 'path f))
    (run-hooks 'post-command-hook) ; the end of C-x C-f: eglot-ensure connects from there
    (setq wikimap-idle-since (float-time) wikimap-idle-fired nil) ; a command ends an idle period
    ;; flymake defers its first check until the buffer shows in a window, which a batch Emacs never
    ;; redisplays: start it once eglot manages the buffer, as M-x flymake-start does
    (when (wikimap-wait (lambda () (eglot-current-server)) 20 "eglot manages the buffer")
      (flymake-start))
    (push (cons 'mode (format "%s" major-mode)) seen)
    (when (wikimap-wait (lambda () (wikimap-misspelt misspelt)) 30 (format "diagnostic of %s" misspelt))
      (let ((d (wikimap-misspelt misspelt)))
        (push (cons 'diagnosticText (buffer-substring-no-properties (flymake-diagnostic-beg d) (flymake-diagnostic-end d))) seen)
        (goto-char (+ (flymake-diagnostic-beg d) 2))
        (let ((titles nil)
              (last-nonmenu-event ?\r)) ; from the keyboard: eglot asks with completing-read
          (cl-letf (((symbol-function 'completing-read)
                     (lambda (_prompt collection &rest _)
                       (setq titles (mapcar #'car collection))
                       (or (cl-find-if (lambda (title) (string-match-p (regexp-quote fixed) title)) titles) ""))))
            (call-interactively #'eglot-code-actions))
          (push (cons 'codeActionTitles (vconcat titles)) seen))
        (push (cons 'fixedText (buffer-substring-no-properties (point-min) (point-max))) seen)))
    (push (cons 'managed (if (eglot-current-server) t :json-false)) seen)
    (push (cons 'diagnostics (vconcat (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))) seen)
    (save-buffer)
    seen))

(condition-case err
    (dolist (f (append (json-read-from-string (getenv "WIKIMAP_EMACS_SOURCES")) nil))
      (push (cons (intern (alist-get 'language f)) (wikimap-source-file f)) (alist-get 'files wikimap-result)))
  (error (wikimap-error (format "%S" err))))

(with-temp-file (getenv "WIKIMAP_EMACS_OUT")
  (insert (json-encode wikimap-result)))
(kill-emacs 0)
